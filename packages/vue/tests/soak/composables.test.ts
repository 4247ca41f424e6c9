import { describeSoak } from '@webmcp-kit/test-infra/soak-tests'

describeSoak('vue', `/?body=${encodeURIComponent('<script src="/vue-soak.js"></script>')}`, [
  {
    name: 'control',
    control: true,
    label: 'control: a component without the composables mounted and unmounted',
  },
  { name: 'mount', label: 'useWebMCPTool mounted and unmounted' },
  { name: 'toggle', label: 'useWebMCPTool enabled toggled' },
  { name: 'list', label: 'useWebMCPTools subscribed and dropped' },
])
