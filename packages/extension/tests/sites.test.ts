// What can be shared, what a shared site covers, and which tools ask the person first.
import { describe, expect, it } from 'vitest'
import { declined, needsConfirmation } from '../src/lib/confirm'
import { covers, fromOriginsOf, sitePattern, webOrigin } from '../src/lib/sites'

describe('sharing rules', () => {
  it('shares web pages only, by their whole origin', () => {
    expect(webOrigin('https://shop.example.com/cart?x=1')).toBe('https://shop.example.com')
    expect(webOrigin('http://localhost:5171/')).toBe('http://localhost:5171')
    for (const url of [
      undefined,
      '',
      'about:blank',
      'chrome://settings',
      'file:///etc/passwd',
      'moz-extension://x/popup.html',
      'not a url',
    ]) {
      expect(webOrigin(url), String(url)).toBe(undefined)
    }
  })

  it('asks for a site’s host on every port (match patterns take none), IPv6 in brackets', () => {
    expect(sitePattern('https://shop.example.com')).toBe('https://shop.example.com/*')
    expect(sitePattern('http://localhost:5171')).toBe('http://localhost/*')
    expect(sitePattern('http://[::1]:8080')).toBe('http://[::1]/*')
  })

  it('covers a shared tab, and the tabs of a shared origin: not its other ports or schemes', () => {
    const shared = { sites: ['http://localhost:5171'], tabs: [7] }
    expect(covers(shared, 7, 'https://anything.example')).toBe(true)
    expect(covers(shared, 7, undefined)).toBe(true)
    expect(covers(shared, 3, 'http://localhost:5171/a')).toBe(true)
    expect(covers(shared, 3, 'http://localhost:5172/a')).toBe(false)
    expect(covers(shared, 3, 'https://localhost:5171/a')).toBe(false)
    expect(covers(shared, 3, 'http://localhost.evil.example:5171/')).toBe(false)
    expect(covers(shared, 3, undefined)).toBe(false)
  })

  it('asks a document for the shared sites among its tab’s documents but its own, trustworthy ones only', () => {
    const sites = ['https://a.test', 'https://b.test', 'http://plain.test', 'https://c.test']
    const tab = new Set(['https://a.test', 'https://b.test', 'http://plain.test', 'https://d.test'])
    expect(fromOriginsOf(sites, tab, 'https://a.test')).toEqual(['https://b.test'])
    expect(fromOriginsOf(sites, tab, 'https://b.test')).toEqual(['https://a.test'])
    expect(fromOriginsOf([], tab, 'https://a.test')).toEqual([])
  })

  it('asks only for origins getTools takes: https, http on loopback, file; no other, no opaque one', () => {
    // Each one shared and in the tab: asked for exactly when it is potentially trustworthy.
    const asked = (origin: string) => fromOriginsOf([origin], new Set([origin]), 'https://own.test')
    for (const origin of [
      'https://x.test',
      'https://x.test:8443',
      'http://localhost:1',
      'http://LOCALHOST',
      'http://localhost.',
      'http://a.localhost',
      'http://a.b.localhost.',
      'http://127.0.0.1:5',
      'http://127.255.1.2',
      'http://[::1]:8',
      'file://',
    ]) {
      expect(asked(origin), origin).toEqual([origin])
    }
    for (const origin of [
      'http://x.test',
      'http://localhost.com',
      'http://xlocalhost',
      'http://localhost.evil.test',
      'http://localhost..',
      'http://127.0.0.1.evil.test',
      'http://128.0.0.1',
      'http://10.0.0.1',
      'http://[::2]',
      'null',
      'data:text/html,x',
      'not a url',
    ]) {
      expect(asked(origin), origin).toEqual([])
    }
  })
})

describe('confirmation', () => {
  it('asks for consequential tools; with the setting, for every tool not read-only', () => {
    expect(
      needsConfirmation({ consequentialHint: true, readOnlyHint: true }, 'consequential'),
    ).toBe(true)
    expect(needsConfirmation({}, 'consequential')).toBe(false)
    expect(needsConfirmation(undefined, 'consequential')).toBe(false)
    expect(needsConfirmation(undefined, 'non-read-only')).toBe(true)
    expect(needsConfirmation({ readOnlyHint: false }, 'non-read-only')).toBe(true)
    expect(needsConfirmation({ readOnlyHint: true }, 'non-read-only')).toBe(false)
  })

  it('declines with a NotAllowedError that names the tool and the browser-given origin', () => {
    const error = declined('send', 'https://mail.example')
    expect(error).toBeInstanceOf(DOMException)
    expect(error.name).toBe('NotAllowedError')
    expect(error.message).toBe('The person declined to run send on https://mail.example.')
  })
})
