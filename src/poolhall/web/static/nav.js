// Going to a match: its URL is /#m=ID&t=TOKEN[,TOKEN][&o=SEAT:TOKEN]. The tokens stay in the fragment, so
// they never reach a server log; "o" holds the seats this page only passes on (a friend's link).

export function goToMatch(matchId, tokens, others = {}) {
  const hash = new URLSearchParams({ m: matchId });
  if (tokens.length) hash.set("t", tokens.join(","));
  if (Object.keys(others).length) hash.set("o", Object.entries(others).map(([s, tok]) => `${s}:${tok}`).join(","));
  location.hash = hash.toString(); // main.js reloads on a new fragment
}
