/**
 * How liner drives a browser, for the journeys (playwright.config.ts) and the web benchmark
 * (scripts/bench/web-latency.ts): Debian's Chromium, headless, with nothing running in the background.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
