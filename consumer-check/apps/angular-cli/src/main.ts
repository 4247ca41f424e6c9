// The polyfill where there is no native WebMCP, installed by the app's entry.
import '@webmcp-kit/core/polyfill'
import { Component, provideZonelessChangeDetection, signal } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'
import { injectWebMCPTool } from '@webmcp-kit/angular'
import { getModelContext, isPolyfill } from '@webmcp-kit/core'

@Component({
  selector: 'app-root',
  template: `
    <p id="runtime">{{ runtime }}</p>
    <p id="status">{{ addTodo.status() }}</p>
    <p id="todos">{{ todos().join(',') }}</p>
  `,
})
class App {
  readonly todos = signal<string[]>([])
  readonly runtime = runtimeOf()
  readonly addTodo = injectWebMCPTool(() => ({
    name: 'add_todo',
    description: 'Adds an item to the to-do list.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }) => {
      this.todos.update((todos) => [...todos, text])
      return `Added ${text}`
    },
  }))
}

function runtimeOf() {
  const context = getModelContext()
  return context ? (isPolyfill(context) ? 'polyfill' : 'native') : 'none'
}

bootstrapApplication(App, {
  providers: [provideZonelessChangeDetection()],
}).catch((error: unknown) => console.error(error))
