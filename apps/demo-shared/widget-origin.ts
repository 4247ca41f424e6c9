/**
 * The widget's origin: the same demo server on the other loopback name, so that it is a second
 * (secure) origin. Open the app on http://localhost:PORT and the widget comes from 127.0.0.1:PORT.
 *
 * @example
 * ```ts
 * const src = `${widgetOrigin()}/widget.html?for=${location.origin}`
 * ```
 */
export function widgetOrigin(): string {
  const host = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'
  return `${location.protocol}//${host}:${location.port}`
}

/** The widget's URL, told which origin to expose its tool to. */
export const widgetUrl = (): string =>
  `${widgetOrigin()}/widget.html?for=${encodeURIComponent(location.origin)}`
