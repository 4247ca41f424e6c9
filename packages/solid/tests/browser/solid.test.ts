import { describeBindingSuite } from '@webmcp-kit/test-infra/binding-cases'

// The shared binding cases through page.ts's adapter.
describeBindingSuite('@webmcp-kit/solid', { body: '<script src="/solid-page.js"></script>' })
