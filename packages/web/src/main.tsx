/**
 * @tactica/web — the browser app. Every game of the catalogue on an SVG board with no rules inside, offline against
 * the computer (in a Web Worker) or a friend at the screen, saved in the browser and to files, and online through
 * `tactica serve`. Each game's rules, engine and screens are loaded when that game is opened.
 */
import { render } from 'preact';
import { App } from './app/app.js';
import { initState } from './app/state.js';
import './styles.css';

initState();
const root = document.getElementById('app');
if (root) {
  root.replaceChildren();
  render(<App />, root);
}
