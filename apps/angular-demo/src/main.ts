// Installs document.modelContext where the browser has no WebMCP of its own (native is kept).
import '@webmcp-kit/core/polyfill'
import '../../demo-shared/demo.css'
import { provideZonelessChangeDetection } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'
import { TaskBoardComponent } from './task-board.component'

bootstrapApplication(TaskBoardComponent, {
  providers: [provideZonelessChangeDetection()],
}).catch((error: unknown) => console.error(error))
