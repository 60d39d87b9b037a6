// The PRNG lives in src (src's own tests use it, and src never imports test/); tests and the bench import it from here too.
export { mulberry32 } from '../../src/core/test-support/mulberry32';
