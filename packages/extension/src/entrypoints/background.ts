import { defineBackground } from 'wxt/utils/define-background'
import { startWorker } from '../lib/worker'

export default defineBackground({ type: 'module', main: startWorker })
