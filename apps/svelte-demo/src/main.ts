// Installs document.modelContext where the browser has no WebMCP of its own (native is kept).
import '@webmcp-kit/core/polyfill'
import '../../demo-shared/demo.css'
import { mount } from 'svelte'
import App from './App.svelte'

mount(App, { target: document.getElementById('app')! })
