// The confirmation window: the tool, the browser-given origin, the input; Run or Decline.
import { browser } from 'wxt/browser'
import type { ConfirmRequest } from '../../lib/confirm'

const id = location.hash.slice(1)
const $ = (element: string) => document.getElementById(element) as HTMLElement

const answer = (allow: boolean) =>
  void browser.runtime.sendMessage({ type: 'confirm-answer', id, allow }).then(() => close())

void (async () => {
  const request = (await browser.runtime.sendMessage({
    type: 'confirm-get',
    id,
  })) as ConfirmRequest | null
  if (!request) return void ($('name').textContent = 'This request has already been answered.')
  $('name').textContent = request.name
  $('origin').textContent = request.origin
  $('source').textContent =
    request.source === 'page-asserted'
      ? 'The page itself describes this tool; the browser does not vouch for it.'
      : 'The browser lists this tool for this page.'
  $('input').textContent = JSON.stringify(request.input, null, 2)
  $('run').onclick = () => answer(true)
  $('decline').onclick = () => answer(false)
})()
