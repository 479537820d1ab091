/**
 * How alike a search must be to a title's words to find it despite a typo (pg_trgm word
 * similarity). The SQL search sets it per connection, so `text <% title` (which the trigram
 * index serves) applies it; the in-memory search uses the same value. A module of its own so
 * that the in-memory search does not load the database drivers.
 */
export const TYPO_SIMILARITY = 0.4;
