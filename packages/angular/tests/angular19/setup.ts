// The TestBed of the Angular 19 project (vitest.angular19.config.ts), in place of tests/test-setup.ts:
// Analog's setupTestBed needs Angular 20's ɵgetCleanupHook. This is what it does, in Angular 19's
// terms: the JIT compiler, a zoneless test environment, and a fresh testing module after each test.
import '@angular/compiler'
import {
  ApplicationRef,
  NgModule,
  VERSION,
  provideExperimentalZonelessChangeDetection,
  ɵsetDocument as setDocument,
} from '@angular/core-19'
import { TestBed, getTestBed } from '@angular/core/testing'
import { VERSION as COMMON } from '@angular/common'
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing'
import { afterEach } from 'vitest'

// Every Angular package must load as 19, or this project tests Angular 21 under another name.
if (VERSION.major !== '19' || COMMON.major !== '19') {
  throw new Error(
    `vitest.angular19.config.ts loads @angular/core ${VERSION.full}, common ${COMMON.full}`,
  )
}

@NgModule({ providers: [provideExperimentalZonelessChangeDetection()] })
class ZonelessTestModule {}

// Once per worker, as Analog's: the test files of a worker share Angular's module instances.
const ready = Symbol.for('webmcp-kit/angular19-testbed')
const scope = globalThis as { [ready]?: true }
if (!scope[ready]) {
  scope[ready] = true
  getTestBed().initTestEnvironment(
    [BrowserTestingModule, ZonelessTestModule],
    platformBrowserTesting(),
    { teardown: { destroyAfterEach: true } },
  )
  // Angular 20's name: TestBed.tick() is ApplicationRef.tick() (19's flushEffects is narrower).
  Object.assign(TestBed, { tick: () => TestBed.inject(ApplicationRef).tick() })
}
afterEach(() => getTestBed().resetTestingModule())

// The node-environment test (ssr.test.ts) provides DOCUMENT as platform-server does; Angular 19's
// renderer reads its own document slot instead (20 injects DOCUMENT), which platform-server 19
// fills when it boots. The global `document` stays absent.
if (typeof document === 'undefined') setDocument({} as Document)
