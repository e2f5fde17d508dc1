/**
 * Entry of the production bundle `dist/pricecat.bundle.js`: every element with Lit inside, for a page
 * that loads one `<script type="module">` and no import map.
 */
export * from './index.js';
