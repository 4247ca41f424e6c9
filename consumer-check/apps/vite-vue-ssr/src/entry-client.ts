import { createApp } from './app'

createApp().mount('#app')
