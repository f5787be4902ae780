/**
 * The site's own help, beside the games' help pages: what every game here shares (playing online, clocks,
 * correspondence, saving, the keyboard). Each game's page says its rules and its own controls.
 */
import type { HelpPage } from '../games/game-ui.js';

/** The help page's key in the route (`#help/site`) beside the games' families. */
export const SITE_HELP = 'site';

export const siteHelp: HelpPage = {
  title: 'Using Tactica',
  sections: [
    {
      heading: 'Playing online',
      body: (
        <ul>
          <li>
            Online: sign up with a name and a password (or sign in). The lobby lists the open challenges and the games
            in progress.
          </li>
          <li>
            Quick pairing: click a game and a clock, and you play the first player who asks for the same; until then
            your request waits (Cancel takes it back). Or make a challenge: the game and its rules, anyone (a seek) or a
            named player, your side, rated or casual, and the clock. When someone accepts, the game opens for both
            players.
          </li>
          <li>
            In a game: move on the board as offline, chat with your opponent, resign. Spectators see the board and the
            moves. In a game between people no engine help is offered until the game ends, unless both agreed to it in a
            casual game's challenge.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Clocks',
      body: (
        <ul>
          <li>
            Time: no clock; no limit, the time only shown; normal (5 minutes a move, or 30 minutes a game); blitz (10
            seconds a move, or 6 minutes a game).
          </li>
          <li>
            Counted per move: out of time, a random move is played for you. Per game: out of time, the game is lost; a
            game clock can add seconds after each move. &ldquo;As the game is usually played&rdquo; picks the
            game&rsquo;s own custom.
          </li>
          <li>Blitz allows no takeback. The computer has less time than you, as in the original games.</li>
        </ul>
      ),
    },
    {
      heading: 'Correspondence',
      body: (
        <ul>
          <li>
            A correspondence game gives each player days for a move instead of minutes: a reminder comes when a move is
            overdue, and a player who does not move in time loses the game.
          </li>
          <li>
            Going away? Set a vacation in your account: your correspondence deadlines wait until you are back (up to 60
            days a year unless the site says otherwise).
          </li>
          <li>
            To hear when it is your turn, confirm a mail address under Online, Account, Mail and tick "Mail me when it
            is my turn": one mail a turn, with the move played and a link to the game.
          </li>
          <li>Correspondence games can also be played by e-mail, if the site runs its mail gateway.</li>
        </ul>
      ),
    },
    {
      heading: 'Saving',
      body: (
        <ul>
          <li>
            The game in progress is kept in this browser after every move: close the page and it is there when you come
            back.
          </li>
          <li>
            Save keeps a copy among the games saved in this browser, named after the game and its rules (Save as&hellip;
            to name it yourself). Signed in, Save on the server keeps it in your library, to open on another device.
          </li>
          <li>
            Export writes the game&rsquo;s record (PDN for draughts, each game&rsquo;s own record otherwise); the home
            page opens a record or a saved file, or drop the file anywhere on the page.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Keyboard',
      body: (
        <ul>
          <li>
            Tab to the board, the arrow keys to move the marker, Enter to pick a piece up and put it down, Escape to let
            go.
          </li>
          <li>Every button can be reached with Tab and pressed with Enter or Space.</li>
        </ul>
      ),
    },
  ],
};
