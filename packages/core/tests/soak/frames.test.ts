import { describeSoak } from '@webmcp-kit/test-infra/soak-tests'

const frames = (counts: { frames: number }) => counts.frames

describeSoak('core', `/?body=${encodeURIComponent('<script src="/frames-soak.js"></script>')}`, [
  {
    name: 'control',
    control: true,
    label: 'control: iframes without tools added and removed',
    cycles: frames,
  },
  {
    name: 'frames',
    label: 'iframes (same-origin and cross-origin) registering a tool added and removed',
    cycles: frames,
  },
])
