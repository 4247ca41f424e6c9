import { describeSoak } from '@webmcp-kit/test-infra/soak-tests'

const body = '<div id="root"></div><script src="/react-soak.js"></script>'

describeSoak('react (StrictMode)', `/?body=${encodeURIComponent(body)}`, [
  {
    name: 'control',
    control: true,
    label: 'control: a component without the hooks mounted and unmounted',
  },
  { name: 'mount', label: 'useWebMCPTool mounted and unmounted' },
  { name: 'toggle', label: 'useWebMCPTool enabled toggled' },
  { name: 'list', label: 'useWebMCPTools subscribed and dropped' },
])
