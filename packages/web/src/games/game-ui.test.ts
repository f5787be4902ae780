import { describe, expect, expectTypeOf, it } from 'vitest';
import { GAME_FAMILIES, type AnyGameSetup } from '@tactica/catalogue';
import type { DraughtsSetup, DraughtsStatus } from '@tactica/catalogue/draughts';
import type { TacticsStatus } from '@tactica/catalogue/tactics';
import type { TactorusGameSession, TactorusSetup, TactorusStatus } from '@tactica/catalogue/tactorus';
import type { DraughtsMove, DraughtsState } from '@tactica/draughts';
import type { TactorusMove, TactorusState } from '@tactica/tactorus';
import type { LocalGame } from '../app/local-game.js';
import {
  loadGameUi,
  type GameUiOf,
  type LocalGameOf,
  type MoveOf,
  type OnlineControlsProps,
  type PositionOf,
  type StatusOf,
} from './game-ui.js';

describe("each game's own UI", () => {
  it('every game of the catalogue has one, registered under its own family', async () => {
    for (const family of GAME_FAMILIES) expect((await loadGameUi(family)).family).toBe(family);
  });

  it("is typed by its game's setup: its status, positions, moves and session", () => {
    expectTypeOf<StatusOf<DraughtsSetup>>().toEqualTypeOf<DraughtsStatus>();
    expectTypeOf<PositionOf<DraughtsSetup>>().toEqualTypeOf<DraughtsState>();
    expectTypeOf<MoveOf<DraughtsSetup>>().toEqualTypeOf<DraughtsMove>();
    expectTypeOf<MoveOf<TactorusSetup>>().toEqualTypeOf<TactorusMove>();
    expectTypeOf<LocalGameOf<TactorusSetup>['ownPosition']>().returns.toEqualTypeOf<TactorusState>();
    expectTypeOf<LocalGameOf<TactorusSetup>['play']['session']>().toEqualTypeOf<TactorusGameSession>();
    expectTypeOf<OnlineControlsProps<TactorusStatus>['view']['state']>().toEqualTypeOf<TactorusStatus>();
  });

  it("refuses a panel written for another game's status", () => {
    type DraughtsOnlineStatus = NonNullable<GameUiOf<DraughtsSetup>['OnlineStatus']>;
    expectTypeOf<(props: { state: DraughtsStatus }) => null>().toExtend<DraughtsOnlineStatus>();
    expectTypeOf<(props: { state: TacticsStatus }) => null>().not.toExtend<DraughtsOnlineStatus>();
  });

  it("the app's LocalGame is what a module of any game is given", () => {
    expectTypeOf<LocalGame>().toExtend<LocalGameOf<AnyGameSetup>>();
  });
});
