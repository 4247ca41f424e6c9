import '../../demo-shared/demo.css'
import { provideZonelessChangeDetection } from '@angular/core'
import { bootstrapApplication } from '@angular/platform-browser'
import { provideWebMCP } from '@webmcp-kit/angular'
import { TaskBoardComponent } from './task-board.component'

// provideWebMCP installs the polyfill where the browser has no WebMCP of its own.
bootstrapApplication(TaskBoardComponent, {
  providers: [provideZonelessChangeDetection(), provideWebMCP()],
}).catch((error: unknown) => console.error(error))
