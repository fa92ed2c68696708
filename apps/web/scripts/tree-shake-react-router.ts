import type { Plugin } from 'vite';

/**
 * React Router's components stay in the bundle whether the app renders them or not: each is made
 * by `forwardRef(…)`, a call the bundler must assume has effects, or named afterwards by a write
 * (`Form.displayName = "Form"`). Marking those calls pure and leaving out the names, which only
 * React DevTools reads, lets the build drop the ones the app never uses (Form, ScrollRestoration,
 * HistoryRouter) and the code only they reach: 1.3 kB gzipped of the home route (DESIGN.md budget).
 */
export function treeShakeReactRouter(): Plugin {
  return {
    name: 'liner:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        return code
          .replace(/^var (\w+) = (React\d*)\.forwardRef\(/gm, 'var $1 = /* @__PURE__ */ $2.forwardRef(')
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
      },
    },
  };
}
