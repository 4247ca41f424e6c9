// The popup: pairing, sharing the tab in front of the person (or its whole site, which asks for the
// host permission), what is shared with a one-click revoke, and the confirmation setting.
import { browser } from 'wxt/browser'
import { sitePattern, webOrigin } from '../../lib/sites'
import type { WorkerState } from '../../lib/worker'

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

async function call<T>(action: string, ...args: unknown[]): Promise<T> {
  const answer = (await browser.runtime.sendMessage({ type: 'popup', action, args })) as
    { ok: true; value: T } | { ok: false; error: string }
  if (!answer.ok) throw new Error(answer.error)
  return answer.value
}

/** The latest render asked for: an earlier one whose answers come later shows nothing. */
let latest = 0

async function render(): Promise<void> {
  const mine = ++latest
  const state = await call<WorkerState>('state')
  // Opened as a page with `#site=<origin>` (from a script or a bookmark), it offers that site.
  const site = webOrigin(new URLSearchParams(location.hash.slice(1)).get('site') ?? undefined)
  const [tab] = site ? [] : await browser.tabs.query({ active: true, currentWindow: true })
  if (mine !== latest) return
  const origin = site ?? webOrigin(tab?.url)
  $('status').textContent = !state.paired
    ? 'Not paired.'
    : state.link === 'ready'
      ? `Connected to the bridge${state.client ? ` (${state.client})` : ''} on port ${state.port}.`
      : `Paired; waiting for the bridge on port ${state.port}.${state.error ? ` ${state.error}` : ''}`
  $('pairing').hidden = state.paired
  $('here').textContent = origin ?? 'This page cannot be shared.'
  $<HTMLButtonElement>('share-tab').disabled = !origin || !tab?.id
  $('share-tab').hidden = site !== undefined
  $<HTMLButtonElement>('share-site').disabled = !origin || state.sites.includes(origin)
  $<HTMLInputElement>('confirm-all').checked = state.confirm === 'non-read-only'
  const list = $('shared')
  list.replaceChildren()
  const item = (label: string, target: number | string) => {
    const li = document.createElement('li')
    const button = document.createElement('button')
    button.textContent = 'Revoke'
    button.onclick = () => void call('revoke', target).then(render)
    li.append(button, label)
    list.append(li)
  }
  for (const shared of state.sites) item(`${shared} (site)`, shared)
  for (const shared of state.tabs) {
    if (!state.sites.includes(webOrigin(shared.url) ?? '')) {
      item(`${shared.title || shared.url} (tab)`, shared.tab)
    }
  }
  if (list.childElementCount === 0) list.append('Nothing is shared.')
  $('share-tab').onclick = () => tab?.id && void call('share', tab.id).then(render)
  $('share-site').onclick = async () => {
    if (!origin) return
    // Asked here, in the click: the browser shows its own prompt for the host permission.
    if (await browser.permissions.request({ origins: [sitePattern(origin)] })) {
      await call('shareSite', origin)
      await render()
    }
  }
}

$<HTMLFormElement>('pair-form').onsubmit = (event) => {
  event.preventDefault()
  const port = Number($<HTMLInputElement>('port').value) || 47615
  void call('pair', $<HTMLInputElement>('code').value, port)
    .then(render)
    .catch((error: Error) => ($('status').textContent = error.message))
}
$<HTMLInputElement>('confirm-all').onchange = (event) => {
  const all = (event.target as HTMLInputElement).checked
  void call('setConfirm', all ? 'non-read-only' : 'consequential')
}
$('unpair').onclick = () => void call('unpair').then(render)
addEventListener('hashchange', () => void render())
// The worker's word that the link or what is shared changed (paired, connected, down, a tab gone).
browser.runtime.onMessage.addListener((message: unknown) => {
  if ((message as { type?: unknown } | null)?.type === 'state-changed') void render()
})
void render()
