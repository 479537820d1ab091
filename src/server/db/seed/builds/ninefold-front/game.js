import { LEVELS, chooseMove, legalMoves, newGame, outcome, play, top } from './front-logic.js';

const YOU = 0;
const GENERAL = 1;
const KEYS = ['q', 'w', 'e', 'a', 's', 'd', 'z', 'x', 'c'];
const $ = (id) => document.getElementById(id);
const tally = { wins: 0, losses: 0, truces: 0 };

let state;
let strength = 3;
let lastFront = null;
let firstSide = YOU;
let busy = false;

function banner(side, power) {
  const colour = side === YOU ? 'var(--you)' : 'var(--them)';
  const size = 18 + power * 9;
  const shape =
    side === YOU
      ? `<circle cx="50" cy="50" r="${size}" fill="${colour}" />`
      : `<rect x="${50 - size * 0.8}" y="${50 - size * 0.8}" width="${size * 1.6}" height="${size * 1.6}" fill="${colour}" transform="rotate(45 50 50)" />`;
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">${shape}<text x="50" y="50" dy="0.35em" text-anchor="middle" font-size="34" font-weight="700" fill="var(--bg)">${power}</text></svg>`;
}

const sideName = (side) => (side === YOU ? 'you' : 'the General');

function newBattle() {
  state = newGame(firstSide);
  lastFront = null;
  busy = false;
  strength = 3;
  say(firstSide === YOU ? 'You move first. Choose a strength and a front.' : 'The General moves first.');
  firstSide = 1 - firstSide;
  render();
  if (state.turn === GENERAL) generalTurn();
}

function render() {
  const result = outcome(state);
  const winning = new Set(result?.line ?? []);
  const yours = new Set(
    state.turn === YOU && !busy && !result
      ? legalMoves(state)
          .filter((move) => move.strength === strength)
          .map((move) => move.front)
      : [],
  );
  $('board').replaceChildren(
    ...state.fronts.map((stack, front) => {
      const held = top(state, front);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `front${front === lastFront ? ' last' : ''}${winning.has(front) ? ' winning' : ''}`;
      button.innerHTML = held
        ? banner(held.side, held.strength) + (stack.length > 1 ? `<span class="under">+${stack.length - 1}</span>` : '')
        : '';
      const heldText = held ? `held by ${sideName(held.side)} with strength ${held.strength}` : 'empty';
      button.setAttribute(
        'aria-label',
        `Front ${front + 1} (row ${Math.floor(front / 3) + 1}, column ${(front % 3) + 1}): ${heldText}${yours.has(front) ? `. Plant strength ${strength} here` : ''}`,
      );
      button.setAttribute('aria-disabled', String(!yours.has(front)));
      button.addEventListener('click', () => plant(front));
      return button;
    }),
  );
  $('hand').replaceChildren(
    ...[1, 2, 3].map((power) => {
      const left = state.hands[YOU][power - 1];
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('aria-pressed', String(strength === power));
      button.setAttribute('aria-label', `Strength ${power}, ${left} left`);
      button.disabled = left === 0;
      button.innerHTML = `${banner(YOU, power)}<span aria-hidden="true">×${left}</span>`;
      button.addEventListener('click', () => pick(power));
      return button;
    }),
  );
  $('their-banners').replaceChildren(
    ...[1, 2, 3].map((power) => {
      const item = document.createElement('span');
      const left = state.hands[GENERAL][power - 1];
      item.setAttribute('role', 'img');
      item.setAttribute('aria-label', `Strength ${power}, ${left} left`);
      item.innerHTML = `${banner(GENERAL, power)}<span aria-hidden="true">×${left}</span>`;
      return item;
    }),
  );
  $('tally').textContent = `Wins ${tally.wins} · Losses ${tally.losses} · Truces ${tally.truces}`;
}

function pick(power) {
  if (state.hands[YOU][power - 1] === 0) return;
  strength = power;
  render();
}

function plant(front) {
  if (busy || outcome(state) || state.turn !== YOU) return;
  if (state.hands[YOU][strength - 1] === 0) {
    const other = [3, 2, 1].find((power) => state.hands[YOU][power - 1] > 0);
    if (other) strength = other;
  }
  const move = legalMoves(state).find((candidate) => candidate.front === front && candidate.strength === strength);
  if (!move) {
    const held = top(state, front);
    say(
      held
        ? `Front ${front + 1} is held at strength ${held.strength}: only a stronger banner can take it.`
        : 'Choose a strength you still have.',
    );
    return;
  }
  state = play(state, move);
  lastFront = front;
  if (state.hands[YOU][strength - 1] === 0) strength = [3, 2, 1].find((power) => state.hands[YOU][power - 1] > 0) ?? strength;
  afterMove(`You plant strength ${move.strength} on front ${front + 1}.`);
}

function afterMove(text) {
  const result = outcome(state);
  render();
  if (result) return finish(result, text);
  if (state.turn === GENERAL) generalTurn(text);
  else say(`${text} Your turn${legalMoves(state, GENERAL).length === 0 ? ' again: the General cannot plant' : ''}.`);
}

function generalTurn(before = '') {
  busy = true;
  say(`${before} The General is thinking…`.trim());
  render();
  // Let the page paint before the search takes the thread.
  setTimeout(() => {
    const level = $('level').value;
    const choice = chooseMove(state, level);
    busy = false;
    state = play(state, choice.move);
    lastFront = choice.move.front;
    $('thought').textContent =
      `${LEVELS[level].label} searched ${choice.nodes.toLocaleString('en')} positions; it rated its move ${describe(choice.value)}.`;
    afterMove(`The General plants strength ${choice.move.strength} on front ${choice.move.front + 1}.`);
  }, 60);
}

function describe(value) {
  if (value >= 900) return 'a sure win';
  if (value <= -900) return 'lost if you play well';
  if (value > 2) return 'good for it';
  if (value < -2) return 'good for you';
  return 'even';
}

function finish(result, text) {
  if (result.winner === YOU) tally.wins++;
  else if (result.winner === GENERAL) tally.losses++;
  else tally.truces++;
  render();
  const how = result.line ? 'three fronts in a row' : 'more fronts held';
  if (result.winner === YOU) say(`${text} You win with ${how}! Press New battle for another.`, 'win');
  else if (result.winner === GENERAL) say(`${text} The General wins with ${how}. Press New battle to try again.`, 'lose');
  else say(`${text} A truce: both sides hold as many fronts. Press New battle for another.`);
}

function say(text, tone = '') {
  $('message').textContent = text;
  $('message').className = `message ${tone}`;
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target instanceof HTMLSelectElement) return;
  const key = event.key.toLowerCase();
  if (['1', '2', '3'].includes(key)) pick(Number(key));
  else if (KEYS.includes(key)) plant(KEYS.indexOf(key));
  else return;
  event.preventDefault();
});
// Battles take turns at who moves first.
$('restart').addEventListener('click', newBattle);
$('level').addEventListener('change', () => say(`Next battle against the ${LEVELS[$('level').value].label}. The current one goes on.`));
newBattle();
