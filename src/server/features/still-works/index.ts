// What other rooms may use of "Still works".
export { gameWorkStatus, workStatusColumns, workStatusOf } from './service';
