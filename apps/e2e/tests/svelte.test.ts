import { describeDemo } from './demo-suite'

describeDemo('svelte', 'Svelte')
