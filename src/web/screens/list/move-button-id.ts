/** The id of a game's move button, so focus can follow the game after a move. */
export const moveButtonId = (gameId: number, by: -1 | 1) => `move-${by === -1 ? 'up' : 'down'}-${gameId}`;
