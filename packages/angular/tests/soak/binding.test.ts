import { describeSoak } from '@webmcp-kit/test-infra/soak-tests'

const body = '<script type="module" src="/angular-soak.js"></script>'

describeSoak('angular', `/?body=${encodeURIComponent(body)}`, [
  {
    name: 'control',
    control: true,
    label: 'control: a component without the binding shown and hidden',
  },
  { name: 'mount', label: 'injectWebMCPTool in a component shown and hidden' },
  { name: 'toggle', label: 'injectWebMCPTool enabled toggled' },
  { name: 'list', label: 'injectWebMCPTools() read by an application created and destroyed' },
])
