import { describeSourceChecks } from '@webmcp-kit/test-infra/examples'

describeSourceChecks({
  test: import.meta.url,
  main: 'inject-webmcp-tool.ts',
  prelude: `
import { computed, inject, input, provideZonelessChangeDetection, signal } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'
import { injectWebMCPTool, injectWebMCPTools, provideWebMCP } from '@webmcp-kit/angular'
import type { Type } from '@angular/core'
declare class TodoStore { add(text: string): void }
declare const AppComponent: Type<unknown>`,
})
