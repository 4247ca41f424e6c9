// The attack suite (attack-suite.ts) against the Firefox build in Firefox ESR, where every page is
// a polyfill page reached through the relay, the peer's flood of calls included; and the tool churn.
import { attackSuite, churnSuite } from './attack-suite'
import { firefoxEngine } from './firefox-engine'

attackSuite('Firefox ESR (the polyfill)', firefoxEngine)
churnSuite('Firefox ESR (the polyfill)', firefoxEngine, false)
