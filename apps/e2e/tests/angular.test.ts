import { describeDemo } from './demo-suite'

describeDemo('angular', 'Angular')
