import { expect, test } from '../../src/playwright'

const origin = process.env.WEBMCP_TEST_ORIGIN!
const otherOrigin = process.env.WEBMCP_TEST_OTHER_ORIGIN!

test('toHaveTool waits for a tool, and .not for it to go', async ({ page, webmcp }) => {
  await page.goto(`${origin}/imperative`)
  await expect(page).toHaveTool('add')
  await expect(webmcp).toHaveTool('open_settings')
  await expect(page.mainFrame()).not.toHaveTool('set_theme')
  await webmcp.callTool('open_settings')
  await expect(page).toHaveTool('set_theme')
  await expect(expect(page).toHaveTool('missing', { timeout: 300 })).rejects.toThrow(
    'expected a WebMCP tool named "missing": webMCP.waitForTool: Timeout 300ms exceeded',
  )
  await expect(expect(page).not.toHaveTool('add', { timeout: 300 })).rejects.toThrow(
    'expected no WebMCP tool named "add": webMCP.waitForToolGone: Timeout 300ms exceeded',
  )
})

test('toReturn runs a call and compares its result', async ({ page, webmcp }) => {
  await page.goto(`${origin}/imperative`)
  await expect(webmcp.call('add', { a: 2, b: 40 })).toReturn({
    content: [{ type: 'text', text: '42' }],
  })
  await expect(webmcp.call('greet')).toReturn(expect.stringContaining('Hello'))
  await expect(webmcp.call('greet')).not.toReturn('Goodbye')
  const failure = expect(webmcp.call('greet')).toReturn('Goodbye')
  await expect(failure).rejects.toThrow('Hello, agent')
  await expect(failure).rejects.toThrow('Events: [{"type":"toolactivated","toolName":"greet"}]')
  await expect(expect(webmcp.call('fails')).toReturn('anything')).rejects.toThrow(
    'The call failed: webMCP.call: UnknownError: ',
  )
})

test('the matchers reach the frame tree', async ({ page, webmcp }) => {
  await page.goto(`${origin}/frames`)
  await expect(page).toHaveTool('find_teammate', { origin: otherOrigin })
  await expect(webmcp.call('find_teammate', { name: 'Ada' }, { origin: otherOrigin })).toReturn({
    name: 'Ada Lovelace',
    email: expect.stringContaining('@'),
  })
})
