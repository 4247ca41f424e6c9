import { describeDemo } from './demo-suite'

describeDemo('vue', 'Vue')
