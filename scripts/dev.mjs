// `npm run dev`: the API server restarting on change, and Vite with hot reload in front of it.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
// The browser talks to Vite, which forwards /api: links in e-mails and origin checks use its address.
const webUrl = process.env.BASE_URL ?? 'http://localhost:5173';
const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, BASE_URL: webUrl, NODE_ENV: 'development' },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

console.log(`Open ${webUrl} (Vite with hot reload; the API runs on port ${apiPort})`);

const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
