import { SPHINXES, generatePuzzle, scoreAnswer, sentence } from './sphinx-logic.js';

const ROUNDS = 5;
const PASS_MARK = 10;
const COLOURS = ['#d9a521', '#2f9e6e', '#5b5670'];
const $ = (id) => document.getElementById(id);

let game;

function newTrial() {
  game = { round: 1, score: 0 };
  startRound();
}

function startRound() {
  game.puzzle = generatePuzzle(game.round < 3 ? 3 : 4);
  game.guess = { liar: null, door: null };
  game.answered = false;
  $('next').hidden = true;
  $('answer').hidden = false;
  say('Read what the sphinxes say. Who lies, and where is the treasure?');
  render();
}

function sphinxFace(colour) {
  return `<svg viewBox="0 0 100 80" aria-hidden="true" focusable="false">
    <path d="M20 78 L28 30 Q50 2 72 30 L80 78 Z" fill="${colour}" />
    <rect x="33" y="32" width="34" height="40" rx="14" fill="#f1d9a8" />
    <circle cx="43" cy="48" r="3.5" fill="#222" /><circle cx="57" cy="48" r="3.5" fill="#222" />
    <path d="M44 61 Q50 65 56 61" stroke="#222" stroke-width="3" fill="none" stroke-linecap="round" />
    <path d="M28 30 L20 78 M72 30 L80 78" stroke="#0005" stroke-width="2" />
  </svg>`;
}

function doorPicture(open, treasure) {
  const fill = open ? '#2a2117' : '#8a5a2b';
  const gem = treasure ? '<circle cx="30" cy="55" r="10" fill="#f3c22b" stroke="#8a6500" stroke-width="3" />' : '';
  return `<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">
    <path d="M6 78 V30 A24 24 0 0 1 54 30 V78 Z" fill="${fill}" stroke="currentColor" stroke-width="3" />
    ${open ? gem : '<circle cx="44" cy="52" r="3" fill="#f3c22b" />'}
  </svg>`;
}

function render() {
  const { puzzle, guess, answered } = game;
  $('score').textContent = `Round ${game.round} of ${ROUNDS} · Score ${game.score}`;
  $('sphinxes').replaceChildren(
    ...SPHINXES.map((name, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'sphinx';
      if (answered && index === puzzle.answer.liar) button.classList.add('liar');
      button.setAttribute('aria-pressed', String(guess.liar === index));
      const said = sentence(puzzle.statements[index]);
      // Named by what it shows (under "Who lies?"), so a voice user can say what they see.
      button.innerHTML = `${sphinxFace(COLOURS[index])}<span class="name">${name}</span><span class="says">“${said}”</span>${
        answered && index === puzzle.answer.liar ? '<span class="lose">Liar!</span>' : ''
      }`;
      button.setAttribute('aria-disabled', String(answered));
      button.addEventListener('click', () => choose('liar', index));
      return button;
    }),
  );
  $('doors').replaceChildren(
    ...Array.from({ length: puzzle.doors }, (_, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'door';
      const open = answered && (index === puzzle.answer.door || index === guess.door);
      const treasure = answered && index === puzzle.answer.door;
      if (treasure) button.classList.add('treasure');
      button.setAttribute('aria-pressed', String(guess.door === index));
      button.setAttribute('aria-label', `Door ${index + 1}${treasure ? ': the treasure' : open ? ': empty' : ''}`);
      button.innerHTML = `${doorPicture(open, treasure)}<span>Door ${index + 1}</span>`;
      button.setAttribute('aria-disabled', String(answered));
      button.addEventListener('click', () => choose('door', index));
      return button;
    }),
  );
  $('answer').disabled = answered || guess.liar === null || guess.door === null;
}

function choose(what, index) {
  if (game.answered) return;
  game.guess[what] = index;
  render();
  const { liar, door } = game.guess;
  if (liar === null) say('Now choose the sphinx you think lies.');
  else if (door === null) say(`You accuse ${SPHINXES[liar]}. Now choose a door.`);
  else say(`You accuse ${SPHINXES[liar]} and choose door ${door + 1}. Press Answer when you are sure.`);
}

function answer() {
  const { puzzle, guess } = game;
  if (game.answered || guess.liar === null || guess.door === null) return;
  const points = scoreAnswer(puzzle, guess);
  game.score += points;
  game.answered = true;
  const liarName = SPHINXES[puzzle.answer.liar];
  const verdict =
    points === 3
      ? 'Perfect!'
      : points === 2
        ? 'Right door, wrong liar.'
        : points === 1
          ? 'Right liar, wrong door.'
          : 'Wrong on both counts.';
  const why = `${liarName} lied: “${sentence(puzzle.statements[puzzle.answer.liar])}” is false. The treasure was behind door ${puzzle.answer.door + 1}.`;
  render();
  $('answer').hidden = true;
  if (game.round < ROUNDS) {
    say(`${verdict} +${points}. ${why}`, points >= 2 ? 'win' : 'lose');
    $('next').textContent = 'Next round';
  } else {
    const passed = game.score >= PASS_MARK;
    say(
      `${verdict} ${why} Final score ${game.score} of ${ROUNDS * 3}: ${passed ? 'you pass the trial and the sphinxes bow.' : `the sphinxes keep their treasure (you needed ${PASS_MARK}).`}`,
      passed ? 'win' : 'lose',
    );
    $('next').textContent = 'Play again';
  }
  $('score').textContent = `Round ${game.round} of ${ROUNDS} · Score ${game.score}`;
  $('next').hidden = false;
  $('next').focus();
}

function next() {
  if (!game.answered) return;
  if (game.round >= ROUNDS) return newTrial();
  game.round++;
  startRound();
}

function say(text, tone = '') {
  const message = $('message');
  message.textContent = text;
  message.className = `message ${tone}`;
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  const sphinx = SPHINXES.findIndex((name) => name[0].toLowerCase() === key);
  if (sphinx >= 0) choose('liar', sphinx);
  else if (/^[1-9]$/.test(key) && Number(key) <= game.puzzle.doors) choose('door', Number(key) - 1);
  else if (key === 'enter' && !(event.target instanceof HTMLButtonElement)) {
    if (game.answered) next();
    else answer();
  } else return;
  event.preventDefault();
});
$('answer').addEventListener('click', answer);
$('next').addEventListener('click', next);
$('restart').addEventListener('click', newTrial);
newTrial();
