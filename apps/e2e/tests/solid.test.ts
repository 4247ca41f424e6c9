import { describeDemo } from './demo-suite'

describeDemo('solid', 'Solid')
