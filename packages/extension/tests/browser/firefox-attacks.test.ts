// The attack suite (attack-suite.ts) against the Firefox build in Firefox ESR, where every page is
// a polyfill page reached through the relay.
import { attackSuite } from './attack-suite'
import { firefoxEngine } from './firefox-engine'

attackSuite('Firefox ESR (the polyfill)', firefoxEngine)
