import TwoslashFloatingVue from '@shikijs/vitepress-twoslash/client'
import '@shikijs/vitepress-twoslash/style.css'
import DefaultTheme from 'vitepress/theme'
import type { Theme } from 'vitepress'
import BenchChart from './BenchChart.vue'
import LiveTools from './LiveTools.vue'

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.use(TwoslashFloatingVue)
    app.component('LiveTools', LiveTools)
    app.component('BenchChart', BenchChart)
  },
} satisfies Theme
