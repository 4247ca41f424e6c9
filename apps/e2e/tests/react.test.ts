import { describeDemo } from './demo-suite'

describeDemo('react', 'React')
