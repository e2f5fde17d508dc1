/** @module @pricecat/web-components — Lit elements of pricecat; importing this module registers them. */
export { PricecatAppElement } from './app/app.js';
