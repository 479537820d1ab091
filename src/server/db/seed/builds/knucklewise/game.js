import { HANDS, COUNTER, chooseThrow, createModel, judge, observe, predict } from './habit-model.js';

const TARGET = 7;
const NAMES = { fist: 'Fist', palm: 'Palm', blade: 'Blade' };
const KEYS = { 1: 'fist', f: 'fist', 2: 'palm', p: 'palm', 3: 'blade', b: 'blade' };
const $ = (id) => document.getElementById(id);

let model = createModel(2);
let bout;

const PICTURES = {
  fist: '<rect x="22" y="30" width="56" height="46" rx="14" /><path d="M30 30 V22 M44 30 V20 M58 30 V22" stroke-width="9" stroke-linecap="round" />',
  palm: '<rect x="26" y="44" width="48" height="40" rx="12" /><path d="M32 46 V14 M44 46 V10 M56 46 V12 M68 48 V20 M26 60 L12 46" stroke-width="9" stroke-linecap="round" />',
  blade: '<rect x="28" y="50" width="44" height="36" rx="12" /><path d="M40 52 V10 M56 52 V14" stroke-width="9" stroke-linecap="round" />',
};

function picture(hand, colour) {
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" fill="${colour}" stroke="${colour}">${PICTURES[hand]}</svg>`;
}

function newBout({ forget = false } = {}) {
  if (forget) model = createModel(2);
  bout = { you: 0, rival: 0, over: false, rounds: 0 };
  $('your-hand').replaceChildren();
  $('rival-hand').replaceChildren();
  say(forget ? 'Your rival has forgotten everything. Throw your first hand.' : 'A new bout. Your rival remembers your habits.');
  renderThrows();
  renderMind(null);
  renderScore();
}

function renderThrows() {
  $('throws').replaceChildren(
    ...HANDS.map((hand, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'throw';
      button.disabled = bout.over;
      // Named by what it shows (in the "Throw a hand" group), so a voice user can say what they see.
      button.innerHTML = `${picture(hand, 'var(--you)')}<span>${NAMES[hand]}</span><kbd aria-hidden="true">${index + 1}</kbd>`;
      button.addEventListener('click', () => throwHand(hand));
      return button;
    }),
  );
}

function renderScore() {
  $('score').textContent = `You ${bout.you} · Rival ${bout.rival} · first to ${TARGET}`;
}

function throwHand(hand) {
  if (bout.over) return;
  const choice = chooseThrow(model);
  observe(model, hand);
  bout.rounds++;
  const result = judge(hand, choice.hand);
  if (result > 0) bout.you++;
  if (result < 0) bout.rival++;
  show('your-hand', hand, 'var(--you)');
  show('rival-hand', choice.hand, 'var(--them)');
  const line =
    result > 0
      ? `${NAMES[hand]} beats ${NAMES[choice.hand]}: your point.`
      : result < 0
        ? `${NAMES[choice.hand]} beats ${NAMES[hand]}: the rival’s point.`
        : `Both threw ${NAMES[hand]}: no point.`;
  renderScore();
  renderMind(choice, hand);
  if (bout.you >= TARGET || bout.rival >= TARGET) {
    bout.over = true;
    renderThrows();
    const won = bout.you > bout.rival;
    say(
      `${line} ${won ? `You win the bout ${bout.you}–${bout.rival}!` : `Your rival wins the bout ${bout.rival}–${bout.you}.`} Press New bout to go again.`,
      won ? 'win' : 'lose',
    );
    $('restart').focus();
    return;
  }
  say(line, result > 0 ? 'win' : result < 0 ? 'lose' : '');
}

function show(id, hand, colour) {
  $(id).innerHTML = `${picture(hand, colour)}<span>${NAMES[hand]}</span>`;
}

function renderMind(choice, played) {
  if (!choice) {
    $('reasoning').textContent = model.history.length
      ? 'It is ready for your next hand.'
      : 'It knows nothing about you yet, so it throws at random.';
  } else {
    const { guess, guessed } = choice;
    const after = guess.context.length ? `after your ${guess.context.map((hand) => NAMES[hand]).join(', ')}` : 'overall';
    const caught = played === guess.likely ? ' It read you right.' : guess.likely ? ' You surprised it.' : '';
    $('reasoning').textContent = guessed
      ? `It expected ${NAMES[guess.likely]} (${percent(guess.chances[guess.likely])} ${after}, from ${guess.seen} times seen), so it threw ${NAMES[COUNTER[guess.likely]]}.${caught}`
      : guess.likely
        ? `Its best guess was ${NAMES[guess.likely]} ${after}, but it was not sure enough, or chose to keep you guessing: it threw ${NAMES[choice.hand]} at random.${caught}`
        : `It had nothing to go on, so it threw ${NAMES[choice.hand]} at random.`;
  }
  const next = predict(model);
  $('bars').replaceChildren(
    ...HANDS.flatMap((hand) => {
      const label = document.createElement('span');
      label.textContent = NAMES[hand];
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.setAttribute('role', 'img');
      bar.setAttribute('aria-label', `${NAMES[hand]} next: ${percent(next.chances[hand])}`);
      const fill = document.createElement('span');
      fill.style.width = percent(next.chances[hand]);
      bar.append(fill);
      const value = document.createElement('span');
      value.textContent = percent(next.chances[hand]);
      if (hand === next.likely) [label, value].forEach((element) => element.classList.add('likely'));
      return [label, bar, value];
    }),
  );
  renderHabits();
}

function renderHabits() {
  const habits = [...model.counts.entries()]
    .filter(([context]) => context !== '')
    .map(([context, row]) => {
      const seen = row.fist + row.palm + row.blade;
      const likely = HANDS.reduce((best, hand) => (row[hand] > row[best] ? hand : best), HANDS[0]);
      return { context: context.split(' '), seen, likely, share: row[likely] / seen };
    })
    .filter((habit) => habit.seen >= 2)
    .sort((a, b) => b.share * b.seen - a.share * a.seen)
    .slice(0, 4);
  $('habits').replaceChildren(
    ...(habits.length
      ? habits.map((habit) => {
          const item = document.createElement('li');
          item.textContent = `After ${habit.context.map((hand) => NAMES[hand]).join(', ')} you threw ${NAMES[habit.likely]} ${Math.round(habit.share * habit.seen)} of ${habit.seen} times.`;
          return item;
        })
      : [Object.assign(document.createElement('li'), { className: 'muted', textContent: 'Nothing yet.' })]),
  );
}

const percent = (share) => `${Math.round(share * 100)}%`;

function say(text, tone = '') {
  $('message').textContent = text;
  $('message').className = `message ${tone}`;
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const hand = KEYS[event.key.toLowerCase()];
  if (!hand) return;
  event.preventDefault();
  throwHand(hand);
});
$('restart').addEventListener('click', () => newBout());
$('forget').addEventListener('click', () => newBout({ forget: true }));
newBout();
