import { startServer } from '@webmcp-kit/test-config/browser'
import { ROUTES } from '../browser/pages'

/** The suite's pages, for the specs (their origins through the environment, which workers get). */
export default async function globalSetup() {
  const server = await startServer({ routes: ROUTES })
  process.env.WEBMCP_TEST_ORIGIN = server.origin
  process.env.WEBMCP_TEST_OTHER_ORIGIN = server.otherOrigin
  return () => server.close()
}
