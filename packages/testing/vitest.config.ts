import { unitConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

export default unitConfig(packageJson.name)
