import { unitConfig } from '@webmcp-kit/test-infra/vitest'
import packageJson from './package.json' with { type: 'json' }

export default unitConfig(packageJson.name)
