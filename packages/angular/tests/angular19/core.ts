// `@angular/core` in the Angular 19 project (vitest.angular19.config.ts): Angular 19 itself, plus
// the two names Angular 20 gave existing APIs, which the tests and Analog's TestBed setup import.
// Nothing else differs: in 20 and later core's DOCUMENT is common's token, and
// provideZonelessChangeDetection is 19's provideExperimentalZonelessChangeDetection, renamed.
export * from '@angular/core-19'
export { provideExperimentalZonelessChangeDetection as provideZonelessChangeDetection } from '@angular/core-19'
export { DOCUMENT } from '@angular/common'
