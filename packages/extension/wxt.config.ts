import { copyFile } from 'node:fs/promises'
import { defineConfig } from 'wxt'

// One source, two MV3 builds: `wxt build` (Chromium) and `wxt build -b firefox`. No host access at
// install: the person grants a site from the popup (optional_host_permissions) or shares the tab in
// front of them (activeTab); the content scripts are registered at run time for what was shared.
export default defineConfig({
  srcDir: 'src',
  imports: false,
  manifestVersion: 3,
  // The protocol shared with the bridge is bundled from its source (Vite's default conditions
  // with the workspace's source condition first), so the build needs no bridge build before it.
  vite: () => ({
    resolve: {
      conditions: ['@webmcp-kit/source', 'module', 'browser', 'development|production'],
    },
  }),
  manifest: ({ browser }) => ({
    name: 'webmcp-kit connector',
    description:
      'Hands the WebMCP tools of the tabs you share to the webmcp-kit bridge on this computer.',
    permissions: ['storage', 'scripting', 'activeTab', 'alarms'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'webmcp-kit connector' },
    ...(browser === 'firefox'
      ? {
          // Firefox's default MV3 policy adds upgrade-insecure-requests, which would turn the
          // bridge's ws://127.0.0.1 into wss://: the same policy without it.
          content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
          browser_specific_settings: {
            gecko: {
              id: 'connector@webmcp-kit.dev',
              strict_min_version: '128.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
  // `pnpm build`: .output/webmcp-kit-connector-<version>-chrome.zip, and -firefox.xpi (the same zip).
  zip: { name: 'webmcp-kit-connector', zipSources: false },
  hooks: {
    'zip:extension:done': async (wxt, zipPath) => {
      if (wxt.config.browser === 'firefox')
        await copyFile(zipPath, zipPath.replace(/\.zip$/, '.xpi'))
    },
    // A content script registered at run time would otherwise add its matches to host_permissions.
    'build:manifestGenerated': (_wxt, manifest) => {
      delete manifest.host_permissions
    },
  },
})
