// The russian opening book: generated, do not edit. Made by
//   npm run book:draughts -- --rules russian --eval learned --nodes 300000 --budget 8 --root-budget 40 --window 15 --width 2 --ply-cost 10
// (bench/draughts-book.js; packages/ai/src/games/draughts/book-build.ts says how). 1432 positions, 2864 searches of 300000 nodes (793 M nodes); openings: 8.0 new positions each, to ply 5.7 after the opening on average (max 14).
// Format: packages/ai/src/games/draughts/book/text.ts.
export const DRAUGHTS_BOOK_RUSSIAN = `tactica-draughts-book 1 russian
bdssddsdpafggfgfg f8-e7 16
bdssddsdpfffbggfg f8-e7 6
bdsspsddaabgfgbgf b6-a5 2
bdssspsdpbgffgggf e5xg3 90
bdssspspaagggfbgb c7-d6 51 e7-d6 43
bdssssidaafgfgggf g7xg3 18 e7xg5 7
bdsssssdabbfggggf d6-e5 69 f6-g5 57
bdsssssdabgffgfgg f6-g5 60
bdsssssiaaffggfgg f6-g5 -26
bdssssspabbggfbgg d6-c5 51
bdssssspabbggffgg d6-c5 72
bdssssspafbgfggbg d6-e5 33
bdssssspafbggbfgg b6-c5 60
bdssssspafgbbgfgg f6-g5 58 b6-c5 55
bdssssspagaggaggg f6-e5 40
bpspdssdpbaggggff b8-c7 24
bpspspsdpbaggfggf e7-d6 21
bpspspsdpbagggbfg e7-d6 21
bpsssssdafgfbgbgg f6-e5 -74
bsddsdsdpfffbggfg f6-g5 -2 b8-a7 -6
bsdpdssdpbaggggff b8-c7 36
bsdpspsdpbaggfggf e7-d6 21
bsdsdsdadbafgfggb d6-c5 7 g7-f6 -10
bsdsdsdadbffffbgg g7-f6 12
bsdspdsdaffgabfgg f6-e5 20 a7-b6 9
bsdspsddabfffgagg e7-f6 30
bsdssaspabaqfbggg c7-d6 296 a7-b6 282
bsdssaspabfpagggg a7-b6 289 c7-d6 279
bsdssdddaafgfffgg e7-f6 4 g7-f6 -8
bsdssdddafffagfgg g7-f6 0 e7-f6 -4
bsdssdsppgbgfbbgg c7-b6 6 e5-f4 5
bsdssisapafggfbgg c7xa5 -29 a7xc5 -39
bsdsspdadbafgfbgg e7-d6 12 g7-f6 4
bsdsspdadbagbbbgg g5-h4 9 g7-f6 0
bsdsspdadbapggfgg e7-d6 278 c7-d6 256
bsdsspdadbaqfbggg g5-f4 321
bsdsspdddbaggbfgg e7-f6 -22 e7-d6 -32
bsdsssdfsafggaggg g5-h4 14
bsdssspfsbbbbgbgg g5-f4 17
bsdssspfsbbbffggg e5-f4 9
bsdssssapbfggfbgg b6-c5 -33
bsdssssdabbggbbgg b6-a5 18
bsdssssfpaffgfggg f6-g5 14 b6-c5 5
bsdssssfpafgbbggg f6-g5 25
bsdssssiaaffggfgg f6-g5 16
bsppssddaffffgagg d8-c7 57 g7-f6 45
bspssddpaabgffbgg g7-f6 17
bspsspsddgfffggfg e7-d6 2
bspssssadbgffgfgg d6-e5 -24
bssadssipaffbfggg f6-g5 -23 d8-c7 -33
bssadsspabfpffggg f6-g5 356 f6-e5 333
bssasddpdbfpfgbgg g7-f6 362
bssassdadafpggbgg b8-c7 325 b6-a5 319
bssassdadafqfbggg g7-f6 314 b6-a5 303
bssassdadbapggbgg b6-a5 327 g5-h4 295
bssdddsdpafgbggfg b8-a7 14 f8-e7 0
bssdddsdpfffbfggg c7-b6 -2 f6-g5 -13
bssddfspaaapgfggg b8-a7 302
bssddpsaaqaqgbbgg b6-a5 286
bssddpsaaqfpfgbgg b6-a5 335
bssddpspaaaqggggf c7-d6 309 f6-g5 304
bssddpspabapgfggg c7-d6 301 b6-c5 300
bssddpspabapggbgg a5-b4 298 c7-d6 280
bssddssipafggaggg f8-e7 11
bssddsssabfggfggf f8-e7 96
bssdpadqpaabbgbbg h8-g7 18
bssdpasadpaqbbggg g5-h4 327 f6-e5 315
bssdpasasabqgbbgg g5-f4 357
bssdpasasabqgfbgg c7-b6 303 e7-d6 291
bssdpbsadaaqfbggg c7xe5 307
bssdpdsadabpggbgg d6-e5 261 c7-b6 244
bssdpdsadabpggfgg h8-g7 303
bssdpdsadafpggbgg g5-h4 387
bssdpdsadafqfbggg f6-e5 307 d6-e5 301
bssdpdsadbaqbbggg d6-e5 318 h8-g7 306
bssdpdsdpafggfbgg c5-d4 -7 b8-a7 -13
bssdpsddaafgfgagg f8-g7 30 b8-a7 23
bssdpsdppfaggaggg b6-c5 36 b8-a7 32
bssdpsdppfaggbbgg b8-a7 30
bssdpssipabfggggf h8-g7 89 f8-g7 44
bssdpssppgffgaggg e5xc3 14 a5xc3 2
bssdsapasabqfbggg g7-h6 314 e7-d6 303
bssdsapbaappagggg g7-h6 369 f6-e5 348
bssdsasdpabfggfgg c5-d4 5
bssdsdaapafqbfbgg g7-f6 373 g7-h6 373
bssdsdaapafqbffgg c7-b6 373 g7-f6 368
bssdsddaabapbbggg g7-f6 342 h6-g5 334
bssdsddadaaqggbgg g5-f4 360
bssdsddadafpfgggg g7-f6 317 c7-b6 293
bssdsddadbapbgggg g7-f6 314 c7-b6 307
bssdsdddaaifggggf g7-f6 18
bssdsdddaaiggbfgg e7-f6 38 g7-f6 26
bssdsdddafaggabgg h6-g5 44 g7-f6 42
bssdsdddafdfgggfg e7-f6 -19 g7-f6 -31
bssdsdddafdggaggg g7-f6 -15 e7-f6 -16
bssdsdddpaffggfgg c7-b6 6 b8-a7 -11
bssdsdfaaaaqagbgg g7xe5 386
bssdsdipafagbgbbg g7xe5 11
bssdsdpaaafqafggg f6-e5 357
bssdsdpaabaqagbgg f6-e5 371 d6-e5 356
bssdsdpadabpfgggg d6-e5 277 g7-h6 274
bssdsdpadafpfgggg g5-h4 313 g7-h6 293
bssdsdpadbapbgggg g5-f4 343
bssdsdpdafffafggg g7-h6 39 f6-e5 23
bssdsdspagagbgbbg f6-e5 31
bssdsdssafbggbfgg c7-b6 60
bssdspdaaabgagibg e7-d6 322 h6-g5 276
bssdspppaafgaggbg f6-e5 29 b6-c5 16
bssdspppsgfgaggbg g5xc5 19
bssdsppsdbbgggffg g5-f4 180
bssdspsppgagbggbg h6-g5 29
bssdspssabbgfggfg h6-g5 180
bssdspssabbggffgg c7-d6 50
bssdspssabfggfbgg e7-d6 29
bssdsqapaaagaggbg c7xe5 37
bssdsqspaabgbgfgg c7xe5 -22 e7xc5 -29
bssdssddpaggggagg b8-a7 23 g7-f6 20
bssdssddpfbfggggf g7-f6 91
bssdssddpfbggbbgg e5-f4 37 b6-a5 31
bssdssdipabfggfgg e5-f4 14
bssdssdipabgfbggg e5-f4 33 e5-d4 26
bssdssdipaffgfggg e7-f6 30 b8-a7 -18
bssdssdipaffggfgg e7-f6 1 g7-f6 -12
bssdssdpdbffggggf d6-c5 30
bssdssdpdbgffgbgg d6-c5 14 b8-a7 -1
bssdssdpdgabggggb g5-h4 95
bssdssdpdgfbffggg b6-c5 22
bssdssdppffggaggg b6-c5 9 g7-f6 3
bssdssidaafgbgfgg e7xe3 16 g7xe5 14
bssdssidaafgffggg g7xg3 3
bssdssidaafgfgbgg g7xg3 26
bssdssipaafgffggg g7xg3 -6
bssdssipafagbbggg g7xe5 45 e7xg5 1
bssdssipagabagggg g7xe5 52
bssdsssdaaggbgfgg f6-e5 12 f6-g5 10
bssdsssdafbfggfgg f6-e5 29
bssdsssdafffggfgg f6-e5 18 f6-g5 -15
bssdsssiaafffgggg b8-a7 -10 f6-e5 -10
bssdssspabbfggbgg d6-e5 3 d6-c5 0
bssdssspabbgbgfgg d6-c5 70
bssdssspabbgfbggg d6-c5 6
bssdssspabbgffggg d6-c5 59 b8-a7 51
bssdssspabffggbgg f6-g5 19 d6-c5 -16
bssdssspabffggfgg d6-e5 -7 f6-g5 -14
bssdssspabfgbbggg f6-g5 13 f6-e5 -11
bssdssspabfgbgbgg d6-c5 31 d6-e5 29
bssdssspabfgfbggg d6-e5 -3 f6-g5 -4
bssdssspabfgffggg d6-c5 29
bssdssspafaggggbg b6-c5 24 d6-e5 13
bssdssspafagggggb f6-e5 92
bssdssspafbbggfgg b8-a7 60 b6-c5 53
bssdssspagabgfggg f6-g5 29 b8-a7 28
bssdssspagagbbggg f6-e5 36 b8-a7 28
bssdssspagagbfggg h6-g5 43 f6-e5 32
bssdssspagbbagggg f6-g5 66 f6-e5 59
bsspassdabfffgagg b6-a5 23
bsspassdaffffgagg f8-e7 49 d8-c7 48
bsspddspabapggfgg a7-b6 301 f6-e5 289
bsspdpdasaagffggg g5-f4 -10
bsspdpsdpbaggfbgg d8-e7 51 f8-e7 21
bsspdpsdpbaggffgg f8-e7 47 d8-e7 34
bsspdsdadafqfgfgg b8-c7 293 f8-e7 275
bsspdsdadbapggfgg b8-c7 280 f8-e7 262
bsspdsdddfafggggf f8-e7 19
bsspdsdpaafgbffgg g7-f6 22
bsspdssdabagffggg d6-e5 44
bsspdssppgfgbaggg b6-c5 20 d6-c5 18
bsspppsasffgabggg e5xg3 -5
bsspppsasgagabggg g5-f4 5 g5-h4 0
bssppsddaafgfgagg e7-f6 32 h8-g7 23
bssppsdpaafgfffgg h8-g7 11
bssppssppgffgaggg e5xc3 5 a5xc3 2
bsspsaspaaagagggg a7-b6 -13 e7-d6 -13
bsspsdisaafgfgggf g7xg3 18
bsspsdsdpfgfbgbgg c5-d4 0
bsspsdsiaagffggfg c5-d4 392
bsspsdsppgaggfbgg a7-b6 30
bsspsdsppgbbbgfgg b8-c7 35 a7-b6 -7
bsspsdssaaggfggfg a5-b4 405 f6-e5 1
bsspsidpdafggbfgg a7xc5 20 a5xc7 -8
bsspsidpdffffbggg a5xc7 -6
bsspsispaaaggggfg a5xc7 -6
bsspsispaabfggfgg a7xc5 23 a5xc7 8
bsspsispaabgfbggg a7xc5 19 a5xc7 10
bsspsispaaffgfggg a7xc5 -4 a5xc7 -7
bsspsispaafgffggg a5xc7 -5
bsspspdfpaagbaggg e7-d6 -15 g7-f6 -29
bsspspdfsaaffgggg g5-f4 -1
bsspspsaaqfaggggf b4-a3 55
bsspspsdfbbgfbbgg b6-a5 25
bsspspsdpbbggbbgg e5-f4 18 b8-c7 12
bsspspspaaggbfggb b8-c7 73
bsspspspabbgbgbgb b8-c7 45
bsspspsppbbggbfgg e7-d6 -16 b6-c5 -20
bsspspsppbbggffgg e7-d6 -4 b6-c5 -16
bsspspssabfggfbgg e7-d6 29
bsspsqsdafbfagggg f6-g5 -4
bsspssdaafaggbbbg b6-c5 0 e7-f6 -4
bsspssdaagaffbgbg d6-c5 -9 d6-e5 -12
bsspssddabiggbggf b6-a5 11
bsspssdddaggfgggf b8-c7 33 b6-a5 20
bsspssdddbfggbfgg b6-a5 -11 g5-h4 -22
bsspssdddgfffbggg b6-a5 -8
bsspssddpagggfbgg c5-d4 13 g7-f6 10
bsspssdipaffggfgg d8-c7 -26 b8-c7 -32
bsspssidaaagggggf e7xg5 15
bsspssidaafgffggg e7xg5 5 g7xg3 0
bsspssidaafgfgbgg g7xg3 33
bsspssipaafgffggg g7xg3 0
bsspsssaabffgbbgg d6-c5 15 f6-g5 6
bsspsssaabffgbfgg d6-c5 -2 d6-e5 -9
bsspsssaafffgfbgg f6-g5 1 b6-c5 -1
bsspsssapabgggggf b6-a5 3 b8-c7 -9
bsspsssapaggbgbgg b6-c5 -3
bsspsssapfbbggfgg b6-a5 10
bsspsssbpabbfgggg b6xd4 6
bsspsssdaabgggggf f6-g5 13
bsspsssdaaggffggg f6-e5 14 f6-g5 3
bsspsssdaaggfgbgg f6-g5 33
bsspsssdabaggggfg d6-e5 0 b6-a5 -8
bsspsssdabbfggfgg b8-c7 43
bsspsssdabbgfbggg d6-e5 19
bsspsssdabfgfbggg f6-g5 11
bsspsssdabfgffggg b6-a5 12 f6-e5 -2
bsspsssdafbfggfgg b6-a5 9
bsspsssdafffggfgg f6-e5 0 b6-a5 -10
bsspsssdafgfagggg d6-e5 5 f6-g5 -10
bsspssspaabgggggf b6-c5 0 f6-g5 -2
bsspssspaaggbgfgg f6-g5 8 b8-c7 -6
bsspssspaaggffggg b6-c5 -9 f6-g5 -11
bsspssspaaggfgbgg f6-e5 14 f6-g5 5
bsspssspabaggggbg b6-c5 -7
bsspssspabagggggf b6-c5 20 f6-e5 17
bsspssspabbfggfgg d6-e5 22 b6-c5 21
bsspssspabbgbgbgg d6-c5 52
bsspssspabbgfbggg b6-c5 16
bsspssspabffgfggg b6-c5 13 b8-c7 -1
bsspssspabffggbgg a5-b4 44 b6-c5 18
bsspssspabfgbgbgg d6-c5 35
bsspssspabfgbgfgg f6-g5 4 b6-c5 3
bsspssspabfgfbggg b6-c5 5
bsspssspafaggggfg b6-c5 26
bsspssspafbgfbggg b8-c7 36
bsspssspaffgbfggg f6-e5 61
bsspsssqaaffbgggg b6xd4 11 d6xb4 -2
bsssaadpaaffaffgg c7-d6 -25 h8-g7 -36
bsssaadppaapggfgg h8-g7 315 a7-b6 312
bsssaadppaaqbbggg a7-b6 314 c7-d6 295
bsssaadsaaagfbfgg h8-g7 -3 c7-d6 -7
bsssadsdaafgbgagg f8-g7 20 f6-g5 17
bsssadsdaafgfffgg f6-e5 13 c7-b6 2
bsssadspaaffggagg f8-g7 -1 a7-b6 -12
bsssadspfaaffgfgg f6xd4 13 d6xf4 -31
bsssapsadbagbbbgg g5-h4 11 f8-e7 9
bsssapsadbapggfgg f8-e7 259 c7-d6 254
bsssapsdaafgaggfg c7-d6 20
bsssapsdaafgbfbgg f6-g5 0 f8-e7 -4
bsssapsdabigfaggg c7-d6 -40 f8-g7 -50
bsssapsddbaggaggg g5-h4 -33 h8-g7 -44
bsssasddaafgfgagg f8-e7 15
bsssdaspaaaqggfgg c7-d6 293 a7-b6 287
bsssdaspabapbgggg a7-b6 303 f6-e5 299
bsssdaspabapfgggg f6-e5 291 f8-e7 281
bsssdddddaagggggb f8-e7 35 a7-b6 31
bsssdddddafgfbggg g7-f6 -20 f8-e7 -34
bsssdddddafgfgbgg g7-f6 55 g5-h4 40
bsssddddsgfgbaggg g5xe3 6
bsssdddpaafgafggg c7-b6 1 g7-f6 -5
bsssddsdafaffgggg f6-e5 3 a7-b6 -6
bsssddsdpffggaggg f6-g5 14 a7-b6 5
bsssddsdpffggbfgg a7-b6 17
bsssddsipaffggbgg f6-g5 10 f8-e7 7
bsssddsipafgbbggg f6-g5 13
bsssddsipafgbfggg f6-g5 30 f8-e7 21
bsssddsppffggaggg c7-b6 24
bsssddsppgbgabggg f8-e7 31 e5-f4 31
bsssddsqafqgabggg f6-g5 17
bsssdiadfaabagbgg c7xa5 10
bsssdisapafgbbggg a7xc5 -31 c7xa5 -37
bsssdisapafgbfggg a7xc5 -3
bsssdpafafpaagbgg d8-e7 34 g7-f6 24
bsssdpdaaafgafbgg b6-c5 20 g7-f6 9
bsssdpdadaaqggbgg f8-e7 288 g5-h4 281
bsssdpdadaaqggfgg c7-d6 263 f8-e7 257
bsssdpdadbafbgbgg f8-e7 17 g7-f6 2
bsssdpdadbapbgggg c7-d6 292 f8-e7 288
bsssdpdadbapfgggg f8-e7 274 g7-f6 262
bsssdpddaafgafggg g7-f6 -2 f8-e7 -14
bsssdpddabdggaggg g7-f6 -18
bsssdpdddaffgfggg g5-h4 35
bsssdpdddbagfbggg f8-e7 -22 g7-f6 -31
bsssdppaafbfffbfg b6-a5 73
bsssdppaafqgabbgg f6-e5 56 c7-d6 51
bsssdpsdpbbggfbgg c7-d6 62
bsssdsdbsaffgfggg b6xd4 25 d6xb4 10
bsssdsddafiggbggf g7-f6 4
bsssdsddagiffggfg g7-f6 -29
bsssdsdfpafgbaggg b6-c5 35 g7-f6 32
bsssdsdiabifffggg d8-e7 -29 g7-f6 -60
bsssdspaafigfaggg g7-h6 40 b6-c5 33
bsssdspaffbfagbgg d6xf4 57
bsssdspasbbgggagg g7-h6 7
bsssdspddbbggbfgg g7-h6 2
bsssdspddbgffgfgg g7-h6 -10
bsssdspfpbdbggggf g7-h6 40 f6-g5 21
bsssdspfpbdggaggg f6-g5 42
bsssdspfsbabggbgg g5-h4 35
bsssdspfsbbbagggg f8-e7 36
bsssdssapbbgffggg d6-c5 47
bsssdssapbfgbbggg b6-c5 2
bsssdssapbfgbfggg b6-c5 0
bsssdssapfffgfggg f6-g5 18
bsssdssapffgbbggg f6-g5 24 b6-a5 24
bsssdssdaaggffggg f8-e7 9
bsssdssdaaggfgbgg f6-g5 12 f8-e7 2
bsssdssdabbgfbggg f8-e7 21
bsssdssdabffgfggg f6-g5 -6 f8-e7 -14
bsssdssdabfgfgbgg f6-e5 5
bsssdssdafbfggbgg f6-e5 -1 d8-e7 -8
bsssdssdafffggfgg f8-e7 3 f6-g5 -19
bsssdssdagafggbgg f8-e7 -4 h6-g5 -5
bsssdssfabaagbggg b6-c5 -11 h6-g5 -24
bsssdssiaabffgggg f8-e7 -8 f6-e5 -14
bsssdssiaafffgggg f8-e7 -4 f6-e5 -12
bsssfadpaaafagfgg d8xf6 -17 f8xd6 -40
bssspapqaapgfgbfg h8-g7 27 c7-b6 2
bssspapqabpfaggfg f8-g7 46 c7-b6 35
bssspasbabaaagbgg f8-g7 11
bssspbdpaaaffgfgg e7xc5 -36
bssspbspapagbbggg e7xc5 132
bssspdaiaaqgabbgg h8-g7 62 e7-f6 57
bssspddaabapgbfgg a7-b6 332 h8-g7 325
bssspddapafqbgfgg a7-b6 345 h8-g7 328
bssspdddaabffgbgg h8-g7 0 c7-b6 0
bssspdddaafgagfgg f8-g7 33 e7-f6 25
bssspdddpfafggbgg a7-b6 28 e7-f6 27
bssspdddpfafggfgg a7-b6 29 h8-g7 7
bssspddpaabgagbgg h8-g7 8 c7-b6 -2
bssspddpaafffgfgg d6-e5 -25 e7-f6 -33
bssspddpaafgagfgg e7-f6 -1 c7-b6 -16
bssspddpabaffbggg a5-b4 54
bssspdpiaaqgaggbg f6-e5 62 h8-g7 49
bssspdpiafqfabggg h8-g7 48 a7-b6 34
bssspdsddgfffbggg g5-h4 37
bssspdsdpffggbbgg f6-g5 14 h8-g7 1
bssspdsfdqbgabggg g5-f4 -38 f8-g7 -51
bssspdsiaafgbaggg c5-b4 45 h8-g7 31
bssspdsidafgfbggg g5-h4 7 c5-b4 -1
bssspdsipfafgfggg e5-d4 41 h8-g7 40
bssspdspdbfgfggfg a7-b6 -7 d6-e5 -45
bssspdsppbfgbggfg c7-b6 17
bssspdsppbfggfbgg c7-b6 -13
bssspdsppffggaggg a7-b6 4 c7-b6 2
bssspisaafiffbggg a7xc5 -9
bssspisapafgbfggg c7xa5 -18 a7xc5 -27
bssspisapafgbgbgg a7xc5 -14
bssspppaafqgabbgg h8-g7 78
bssspppapfqfggbgf h8-g7 44
bssspppbabpfabggg b6-a5 43
bssspppfabpabgbgg h8-g7 41
bssspppfafpbafggg b6-c5 10 e7-d6 6
bsssppsaagaffbgbg b6-c5 2 b6-a5 -2
bsssppsasbbgfgggf b6-a5 -7
bsssppsasfbgfggfg b6-a5 22
bsssppsasgbbbgbgg b6-c5 7 b6-a5 7
bsssppsbsbbbagggg g5-f4 15 b6-a5 -1
bsssppsdagiffggfg f6-g5 -28
bsssppsddaggggagg c7-d6 -18 e7-d6 -30
bsssppsddbbggbbgg e7-d6 -29
bsssppsddbbggbfgg e7-d6 -23 c7-d6 -59
bsssppsddbbggfbgg e7-d6 -38 c7-d6 -43
bsssppsddbfgfggfg h8-g7 -11 g5-h4 -24
bsssppsddbgffgfgg e7-d6 -32 c7-d6 -37
bsssppsddgffffggg g5-h4 -8
bsssppsfsabgfbggg h8-g7 -3 f8-g7 -15
bsssppsfsfbafgggg h8-g7 6
bssspqsaabdfgggfg c7xc3 35 e7xc5 4
bssspqsaabiffbggg e7xc5 -10 c7xc3 -28
bssspqsaabifffggg e7xc5 -24 c7xc3 -35
bssspqsadabgfgfgg e7xc5 -62 c7xe5 -63
bssspqsadbafgfggg e7xc5 -26
bssspqsadbafggfgg c7xc3 11 e7xc5 -5
bssspqsadfagfbggg c7xe5 -6 e7xc5 -9
bssspsaaafbfffbfg e7-f6 79 h8-g7 70
bssspsaapfdfgggbg b6-a5 72
bssspsaapfdfgggfg e5-f4 39 b6-c5 38
bssspsabpadfgfggg b6xd4 80 d6xb4 70
bssspsafaaqfagbgg b6-c5 65 h8-g7 61
bssspsdasfggabggg g5xe3 23
bssspsdfpafgbaggg e7-f6 19 b6-c5 2
bssspspabfdgabggg h8-g7 -14 b6-c5 -23
bssspspfbadfagggg f6-e5 -1 b6-c5 -28
bssspssaaaagfgggg f6-e5 4 b6-c5 -6
bssspssadaggfgfgg d6-c5 -18 d6-e5 -23
bssspssadbbfggbgg d6-c5 1
bssspssadbbfggfgg d6-c5 -18 h8-g7 -35
bssspssadbbgbgbgg d6-e5 20
bssspssadbbgfgbgg d6-c5 1 d6-e5 -1
bssspssadbffggfgg d6-e5 -24 h8-g7 -29
bssspssadffgfbggg b6-c5 7 d6-e5 7
bssspssadgbfagggg d6-e5 12 d6-c5 3
bssspssapbfgbfggg b6-a5 -16 b6-c5 -19
bssspssapbfgbgbgg b6-c5 -13 f8-g7 -22
bssspssapbfgbgfgg b6-a5 3 b6-c5 -4
bssspssapffgbbggg f6-g5 13 b6-a5 9
bssspssbdabffgggg b6xd4 21
bssspssbdabgagggg b6xd4 5
bssspssbdafffgggg d6xb4 35
bssspssfpaaggfggg b6-c5 31 f6-g5 18
bssspssfpaffbgggg f8-g7 15 f6-g5 0
bsssqpadabdffgggf h8xf6 33
bssssaadafqfagggf a7-b6 58 e7-d6 42
bssssaaifaabagbgg e7-d6 17 c5-d4 5
bssssaapafpgbgbfg e7-d6 39
bssssaaqaapgaggfg g7-f6 30 g7-h6 28
bssssadaaabfffigg h6-g5 277 a7-b6 269
bssssadaaabgabigg a7-b6 295 h6-g5 294
bssssadbsaagbfggg g7-f6 -20 c7-b6 -31
bssssadfppabgggbg b4-a3 11
bssssappsfbgfggfg g7-h6 0 a7-b6 -1
bssssasdpaggbgbgg c7-d6 0 e7-d6 0
bssssasfaabaffggg e7-d6 -3 a7-b6 -4
bssssasipafbbgggg e7-d6 -17
bssssasipbafbgggg c5xe3 3
bssssasppaggbgfgg a7-b6 -20
bssssasppbbgbgfgg c7-b6 7 c7-d6 -7
bssssasppfbgfbggg e5-f4 16
bssssasppgagbfggg c7-d6 24
bssssasppgbbagggg e7-d6 17
bssssbaaaapgaggfg c7xe5 0 e7xc5 -26
bssssbaaaaqfagbgg c7xe5 38 e7xc5 15
bssssbdaaaqffgbgg c7xe5 38 e7xc5 15
bssssbsfaaafbfggg e7xc5 17
bssssbspafabbgggg e7xa3 303
bssssbspafabfgggg e7xa3 277
bssssdabdfdfbbggg c7-b6 -23
bssssdadafqgfbbgg g7-h6 49 a7-b6 35
bssssdaiaaqgabggg g7-f6 75
bssssddadffffggbg d6-e5 -5 a7-b6 -7
bssssdddaaagfgggg g7-f6 -8 c7-b6 -16
bssssdddabifggggf c7-b6 43 a7-b6 33
bssssdddaffgbaggg g7-f6 7 e7-f6 0
bssssdddaffgfffgg e7-f6 44 g7-f6 13
bssssdddafifggggf g7-f6 36
bssssdddafigfggbg g7-f6 37
bssssddddafgggggf c7-b6 39
bssssddddaggffggg a7-b6 11 c7-b6 -2
bssssddddaggfgbgg c7-b6 27 a7-b6 12
bssssddddbffggfgg g5-h4 7 c7-b6 -5
bssssddddfffgfggg g5-h4 18
bssssddddffgfbggg g7-f6 -15
bssssdddpafggggfg g7-f6 15 a7-b6 -8
bssssdddpafgggggf g7-f6 12 e7-f6 5
bssssdddpfbfggbgg e5-f4 30 a7-b6 18
bssssdddpfbfggfgg a7-b6 42
bssssdddpfbgfbggg e5-f4 63 a7-b6 47
bssssdddpfffgfggg e7-f6 14 a7-b6 0
bssssdddpfffggbgg e7-f6 9 g7-f6 -4
bssssdddpfffggfgg e7-f6 38
bssssdddpffgbbggg e7-f6 17
bssssddiaaffbfggg g7-f6 34
bssssddiaaigfbggg c5-b4 33
bssssddidafffgggg g5-h4 10 g7-f6 -1
bssssddipabbfgggg e5-f4 75
bssssddipaffbgggg e7-f6 29
bssssddpabifggggf a7-b6 4
bssssddpdaggffggg a7-b6 -2 c7-b6 -7
bssssddpdbffggbgg g5-h4 -1 a7-b6 -5
bssssddpdbfgffggg g7-f6 -5 a7-b6 -19
bssssddpdfaggggfg g5-f4 40 d6-e5 18
bssssddpdfagggggb g5-f4 32
bssssddppafggggfg a7-b6 0 g7-f6 -5
bssssddppbbgbgfgg g7-f6 -2 e7-f6 -8
bssssddppffbgfggg g7-f6 26
bssssddppffgbbggg g7-f6 18 a7-b6 0
bssssddqdafgagggg d6xb4 8 g5xe3 -3
bssssdiaaaaqggfgg g7xe5 304
bssssdiaaaffgaggg g7xe5 14 e7xg5 -16
bssssdidaaagggbgg e7xg5 29 g7xe5 18
bssssdidaaagggfgg g7xe5 -6
bssssdidaafffgggg e7xg5 7 g7xg3 1
bssssdidaafgagggg g7xg3 27
bssssdidabagagggg g7xe5 -5 c5xe3 -9
bssssdidafabbgggg c5xa3 308
bssssdidafabfgggg c5xa3 309
bssssdidafaffgggg g7xe5 28
bssssdipaafffgggg g7xg3 -7
bssssdipaafgagggg g7xg3 -2 e7xe3 -7
bssssdipabaffgggg g7xc3 6
bssssdpagfbfabggg d6xh6 19
bssssdpdafigfggbg g7-h6 47
bssssdpdbfbgabggg c5-d4 19
bssssdpdbfdgffggg g7-h6 63
bssssdpddfbgfbggg g5-f4 16
bssssdpddfbgffggg g5-f4 25
bssssdpddffgffggg g5-h4 36
bssssdpfdqbbagggg g7-h6 27
bssssdpfgabaagggg d6xh6 -6
bssssdpibabbagggg c5-d4 2
bssssdpidabbfgggg g5-f4 -11 c5-b4 -25
bssssdqaaaaqggbgg c7-b6 5 a7-b6 0
bssssdqdaaagggbgg c7-b6 -299 f6-e5 -309
bssssdqpaaagggfgg c7-b6 -309 a7-b6 -326
bssssdsaabffffggg f6-e5 0 d6-e5 -7
bssssdsdaabgggbgg f6-g5 26 c7-b6 20
bssssdsdaabgggfgg a7-b6 16 f6-g5 3
bssssdsdaafggfggg f6-e5 6 f6-g5 4
bssssdsdaafgggbgg f6-g5 28
bssssdsdaafgggfgg f6-g5 14 c7-b6 10
bssssdsdaaggagggg f6-g5 27
bssssdsdabbffgggg c7-b6 13 d6-e5 9
bssssdsdabfffgggg c7-b6 0 f6-e5 -11
bssssdsdafaggbggg f6-g5 -8 f6-e5 -14
bssssdsdafaggfggg h6-g5 39 f6-e5 33
bssssdsdafbffgggg f6-e5 21
bssssdsdafffbgggg f6-g5 18 f6-e5 10
bssssdsdaffffgggg f6-e5 0 a7-b6 -13
bssssdsfapaggbggg f6-e5 23 f6-g5 17
bssssdsiaaabggggg c5-b4 26
bssssdsiaaafggggg f6-g5 21 f6-e5 16
bssssdspaabgggbgg c7-b6 1 a7-b6 -4
bssssdspaabgggfgg c7-b6 0 f6-e5 0
bssssdspaafggfggg f6-e5 2 f6-g5 -1
bssssdspaafgggbgg c7-b6 17 f6-g5 6
bssssdspaafgggfgg c7-b6 10 a7-b6 1
bssssdspaaggagggg f6-g5 -1 c7-b6 -1
bssssdspabaggbggg a7-b6 -5 c7-b6 -6
bssssdspabaggfggg a7-b6 17
bssssdspabagggbgg c7-b6 28 a7-b6 17
bssssdspabbffgggg f6-g5 15 c7-b6 14
bssssdspabbgagggg c7-b6 52 a7-b6 21
bssssdspabffbgggg c7-b6 0 a7-b6 -6
bssssdspabfffgggg f6-e5 -25
bssssdspabfgagggg f6-e5 -2 f6-g5 -3
bssssdspafaggbggg a7-b6 18
bssssdspafaggfggg a7-b6 52 c7-b6 49
bssssdspafbbfgggg a7-b6 54 c7-b6 39
bssssdspaffbbgggg d6-e5 289
bssssdspaffbfgggg d6-e5 288
bssssdspagabbgggg a7-b6 39
bssssfdaaaagbgbgb a7xc5 24
bssssfdaaaagfgbgf a7xc5 56
bssssfsafaagfbggg f6xb2 -27
bssssfsafaagfgbgg f6xf2 11
bssssfsapabffgggg a7xc5 3 c7xa5 -11
bssssidaaafffgfgg a7xc5 -4
bssssidaaaifggfgg a7xc5 10
bssssidaaaigfbggg a7xc5 -30
bssssidaafagbbbgg a7xc5 39
bssssidaafdfgfggg a7xc5 13
bssssidadfaaggggg a7xa3 295
bssssidadfabbgggg a7xa3 317
bssssidapafffgggg a7xc5 -7 e5xg3 -12
bssssidapfabbgggg a7xa3 311
bssssipadfaaggggg a7xa3 262
bssssipadfabbgggg a7xa3 330
bssssipadfafbgggg a7xc5 30
bsssspaaaaqgagggf b6-c5 56
bsssspaaabpgaggbg b6-c5 -11
bsssspaaabqfagbgg b6-c5 46 g7-f6 37
bsssspaaafpgaggfg b6-a5 0 b6-c5 -11
bsssspaaagpfabggg g7-f6 22 b6-c5 7
bsssspaapfqfbgggf g7-f6 47 c7-d6 32
bsssspabdbdagbggg g5-f4 2 c7-d6 -8
bsssspabdbdagfggg g5-f4 -34 e7-f6 -37
bsssspadabdggfgfg c7-d6 39 g7-f6 37
bsssspafaapbbgbgg e7-d6 17 b6-c5 17
bsssspafaapfbgbgg e7-d6 25 b6-c5 15
bsssspafabpaagggg b6-c5 27 g7-f6 20
bsssspafafpaagggg g7-f6 27 e7-d6 9
bsssspdaafagfbgbg c7-d6 -6 g7-f6 -10
bsssspddabfggbbgb e7-f6 67 g7-f6 51
bsssspddabifggggf g7-f6 37
bsssspddabigfggfg g7-f6 21
bsssspddabiggffgg g7-f6 45
bsssspddafifggggf e7-d6 6 g7-f6 6
bsssspddagdfgggfg g7-f6 29
bsssspddagiffbggg g7-f6 -24
bsssspddagifffggg g7-f6 -5 e7-d6 -16
bsssspdddaggffggg c7-d6 0 b6-a5 -12
bsssspdddaggfgbgg c7-d6 29 e7-d6 14
bsssspdddbagggggf g5-h4 22 e7-d6 13
bsssspdddbffggbgg g5-h4 41
bsssspdddbffggfgg g5-h4 21
bsssspdddbfgfbggg g5-h4 -9 c7-d6 -13
bsssspdddbfgffggg g5-h4 -14 g7-f6 -40
bsssspdddbfgfgbgg g5-h4 24 e7-d6 22
bsssspdddfffggfgg g5-h4 9 e7-d6 4
bsssspdddgafgbggg b6-a5 -19 g5-h4 -29
bsssspdddgafgfggg g5-h4 -6 g7-f6 -15
bsssspdfpadggggbg b6-c5 -31 g7-f6 -42
bsssspdfsaaggfggg g5-f4 36
bsssspiaabagagbgg e7xg5 34 g7xe5 -3
bsssspidaafgagggg e7xe3 66 g7xg3 11
bsssspidabaffgggg e7xg5 22 g7xc3 -11
bsssspidabagagggg c5xe3 1 g7xe5 -14
bsssspifaaaffgbgg g7xe5 48
bssssppaafagffgfg f6-e5 58
bssssppaafqfbgbgg e7-d6 51 f6-e5 38
bssssppaafqffgbgg g7-h6 59
bssssppapgdggaggg e7-d6 34 c7-d6 21
bssssppapgqgabggg c7-d6 -2 g7-h6 -16
bssssppasbbgfgbgg e7-d6 -9 g7-h6 -23
bssssppasfbgfbggg g7-h6 19 b6-a5 13
bssssppasgbbagggg g5-f4 3 g7-h6 1
bssssppbabdfgaggg b6-a5 32
bssssppbpbqbagggg b6-a5 -14 g7-h6 -14
bssssppdabigfgggf e7-d6 57
bssssppdagifffggg f6-e5 30 b6-a5 -3
bssssppddbbfggfgg g7-h6 -12 e7-d6 -17
bssssppddbbgfbggg e7-d6 -8 g7-h6 -16
bssssppddbfgffggg g5-h4 -13 g7-h6 -26
bssssppddgafgfggg g7-h6 4 g5-h4 1
bssssppfaaiafgggg e7-d6 -2 b6-c5 -17
bssssppfpbdbgfggg e7-d6 -9
bssssppfsabffgggg g7-h6 19
bssssppfsbabbgggg e7-d6 -11 g5-h4 -16
bsssspsafbagfbggg b6-c5 -29
bsssspsafbagfgbgg b6-c5 11
bsssspsapabgggbgg c7-d6 -6 b6-c5 -18
bsssspsapabgggfgg b6-a5 -9 c7-d6 -23
bsssspsapbaggbggg e5-f4 -21 e7-d6 -21
bsssspsapbaggfggg e7-d6 0
bsssspsapbagggbgg e5-f4 17
bsssspsapbbgagggg e7-d6 45
bsssspsapfaggbggg f6-g5 2 e5-f4 1
bsssspsapfaggfggg b6-a5 3 f6-g5 -4
bsssspsapfbbfgggg b6-a5 0 c7-d6 -23
bsssspsapfbffgggg e5-f4 52
bsssspsapffbbgggg b6-a5 282 f6-g5 279
bsssspsapfffbgggg e7-d6 12
bsssspsapgabbgggg h6-g5 0 e7-d6 -15
bsssspsdaabgggbgg c7-d6 20 e7-d6 10
bsssspsdaabgggfgg f6-e5 7 c7-d6 -4
bsssspsdaafggfggg f6-g5 7 e7-d6 2
bsssspsdaafgggbgg f6-g5 17
bsssspsdaafgggfgg f6-g5 17 e7-d6 4
bsssspsdaaggagggg f6-g5 9 c7-d6 0
bsssspsdabaggbggg c7-d6 -5 f6-g5 -13
bsssspsdabaggfggg f6-g5 -1 h6-g5 -14
bsssspsdabagggbgg e7-d6 24 f6-g5 23
bsssspsdabbffgggg e7-d6 15 c7-d6 6
bsssspsdabfffgggg c7-d6 6 f6-g5 -5
bsssspsdafbffgggg e7-d6 -3 c7-d6 -13
bsssspsdafffbgggg f6-g5 -1
bsssspsdaffffgggg e7-d6 -2 f6-g5 -10
bsssspsfpaabggggg e7-d6 -28 b6-c5 -34
bsssspsfpaafggggg b6-c5 -4 f6-g5 -6
bssssqdaaabfgffgg e7xc5 2 c7xe5 -5
bssssqdaaaffbfggg e7xc5 -3 c7xe5 -6
bssssqdaaaifgfggg e7xc5 18
bssssqdaabdfgfggg e7xc5 -6
bssssqdaafagbaggg c7xe5 -25
bssssqdadaffbgggg e7xc5 3 g5xe3 -1
bssssqdadafffgggg c7xg3 4 e7xc5 -37
bssssqdadbafbgggg e7xe3 10
bssssqdadfabbgggg e7xa3 273
bssssqdadfabfgggg e7xa3 266
bssssqdadfaffgggg e7xc5 -1 c7xe5 -19
bssssqpaabdfgfggg c7xc3 19 e7xc5 11
bssssqpaabdgfbggg c7xe5 26 e7xc5 10
bsssssaaabdgbggfg d6-c5 46
bsssssaaabigabggg d6-c5 40
bsssssaaabigafggg d6-c5 73
bsssssaaafdgbggfg d6-e5 40 e7-f6 40
bsssssaaafigabggg e7-f6 45 d6-e5 32
bsssssaaafigafggg b6-c5 60 e7-f6 53
bsssssaaafqfbgbgg e7-f6 51 b6-c5 48
bsssssaaafqffgbgg g7-h6 57
bsssssaaagdfbbggg b6-a5 75
bsssssbapaagggbgg g7-f6 -279
bsssssbapabgagggg g7-f6 -282
bsssssdaaaigggggf b6-c5 33 d6-c5 32
bsssssdaabdggggfg d6-c5 -9
bsssssdaabdgggggf d6-c5 28 b6-c5 16
bsssssdaabffggbgb d6-c5 60 d6-e5 30
bsssssdaabifgfggg d6-c5 44 b6-c5 38
bsssssdaabifggfgg b6-c5 23 d6-c5 -4
bsssssdaabigfbggg g7-f6 -39 b6-c5 -47
bsssssdaafdggggbg b6-c5 14 d6-e5 2
bsssssdaafifgfggg d6-c5 44 g7-f6 15
bsssssdaagdfgbggg h6-g5 -7 g7-f6 -30
bsssssdaagdfgfggg b6-c5 18 h6-g5 10
bsssssdadafggfggg g5-h4 23 b6-c5 11
bsssssdadafgggbgg g5-h4 50
bsssssdadafgggfgg g5-h4 25 b6-c5 22
bsssssdadbaggbggg g5-f4 -7 g5-h4 -8
bsssssdadbaggfggg g5-h4 35
bsssssdadbagggbgg g7-f6 34 g5-h4 24
bsssssdadbbffgggg b6-a5 9 d6-c5 5
bsssssdadbbgagggg d6-c5 7 b6-c5 0
bsssssdadbfffgggg d6-c5 -7
bsssssdadfaggbggg b6-c5 -5 g5-h4 -12
bsssssdadfaggfggg b6-a5 22
bsssssdadfbbfgggg b6-c5 298
bsssssdadfbffgggg g5-f4 45 b6-c5 30
bsssssdadffbfgggg d6-e5 258
bsssssdadffffgggg g7-f6 -6 d6-e5 -10
bsssssdadgaaggggg b6-c5 297
bsssssdadgabbgggg b6-c5 318
bsssssdadgafbgggg d6-c5 9
bsssssdapabgggbgg e5-f4 50
bsssssdapabgggfgg e5-d4 236
bsssssdapafggfggg b6-a5 -5 g7-f6 -8
bsssssdapafgggbgg g7-f6 4 b6-c5 -9
bsssssdapafgggfgg g7-f6 0 b6-c5 0
bsssssdapbbgagggg e7-f6 53
bsssssdapfaggbggg e5-f4 9
bsssssdapfaggfggg b6-c5 38 g7-f6 26
bsssssdapfbbfgggg b6-c5 62
bsssssdapfbffgggg e5-f4 48
bsssssdapffbbgggg b6-a5 19
bsssssdapfffbgggg g7-f6 10 e7-f6 0
bsssssdapgabbgggg b6-c5 299
bsssssdbaabgbgfgg b6xd4 264
bsssssdfdaabggggg g5-f4 21
bsssssdfdaafggggg g5-f4 21 b6-c5 17
bsssssdfpaabggggg e5-f4 34
bsssssdfpaafggggg e5-f4 23 b6-c5 16
bsssssfaaadggggfg g7xe5 37
bsssssfaaaigffggg g7xg3 25
bsssssfaaaigfgbgg g7xg3 47
bsssssfaafdfgbggg g7xe5 38
bsssssfaafdfgfggg g7xe5 44
bssssspaabdggggbg f6-e5 39 d6-c5 33
bssssspaabdggggfg f6-e5 47
bssssspaabdgggggf f6-e5 56 d6-c5 55
bssssspaabigfbggg d6-e5 34
bssssspaabigffggg f6-e5 60
bssssspaabigfgbgg f6-e5 48 d6-c5 42
bssssspaafdggggbg b6-c5 38
bssssspaagdfgbggg f6-e5 51
bssssspaagdfgfggg f6-e5 52 d6-e5 37
bssssspabbdffgggg g7-h6 -7
bssssspabfbbagggg b6-c5 6
bssssspabfdffgggg g7-h6 -8
bssssspadabgggbgg g7-h6 -22
bssssspadabgggfgg g7-h6 -9
bssssspadbaggbggg g5-h4 16 g5-f4 16
bssssspadbaggfggg g5-f4 54 g5-h4 44
bssssspadbagggbgg g5-h4 52
bssssspadbbffgggg d6-c5 -3 g7-h6 -59
bssssspadbbgagggg d6-e5 11 g7-h6 -3
bssssspadbfffgggg g7-h6 2 g5-h4 -13
bssssspadfaggbggg g5-f4 43 g5-h4 32
bssssspadfaggfggg g5-f4 47 b6-c5 34
bssssspadfbbfgggg b6-c5 -9 g5-f4 -9
bssssspadfbffgggg d6-e5 13 g7-h6 9
bssssspadffbfgggg g5-h4 5 b6-c5 0
bssssspadffffgggg g7-h6 4 g5-h4 -4
bssssspadgaaggggg b6-c5 296
bssssspadgabbgggg b6-c5 320
bssssspadgafbgggg g5-h4 45 b6-c5 32
bssssspaffagffggg d6xd2 34
bssssspbaaibfgggg d6xb4 -4 b6xd4 -8
bssssspbaaiffgggg d6xb4 -2 b6xd4 -14
bssssspfaadggbggg b6-c5 45 f6-e5 39
bssssspfaaibfgggg f6-e5 -10 b6-c5 -11
bssssspfaaiffgggg f6-e5 39
bssssspfabdaggggg f6-e5 12
bssssspfdaabggggg g5-f4 5 g5-h4 2
bssssspfdaafggggg g5-h4 30 g5-f4 17
bssssspffaabfgggg d6xf4 1
bssssspffaaffgggg d6xf4 28
bsssssqaaaagbgggg b6-c5 -292 f6-e5 -295
bsssssqaaaagfgggg f6-e5 -310 b6-a5 -313
bssssssaaafgfgggg b6-c5 0 f6-g5 -10
bssssssaafafggggg f6-e5 15 b6-c5 -10
wddssdsdpafggfgfg c3-d4 -14
wdspssspaagggfbgb c3-b4 -129
wdssddsdpafgbggfg d2-e3 -3 c3-b4 -15
wdssdsdadafqfgfgg c3-d4 -306 g1-h2 -310
wdssdsdddafgfgggf c3-d4 -27 f2-g3 -30
wdsspsddaaagigggf f2xh4 -1
wdsssdspaiabgfggg e3xc5 -55
wdsssdssafbggbfgg e3-f4 -28 e3-d4 -39
wdsssdssafgbbgfgg b2-a3 -51
wdssspsdpbbfggggf g3-f4 -58
wdssspsdpbbggbbgg g3-f4 21
wdssspspaaggbfggb f2-e3 -55
wdssspspabbgbgbgb d4-c5 -31
wdssspssabbggffgg c1-d2 -61
wdsssssdabbfggfgg g1-h2 -45 g3-f4 -70
wdsssssiaafffgggg h2-g3 27
wdssssspabbgffggg h2-g3 -55 f2-g3 -62
wdssssspabffgfggg d4-c5 12 b2-c3 9
wdssssspafbbggfgg e3-f4 -58 b2-a3 -60
wdssssspafbgfbggg a1-b2 -22 e3-d4 -49
wdssssspagabgfggg b2-a3 -22 d4-c5 -23
wdssssspagagbbggg d2-e3 -15
wpspdssdpbaggfggf c1-d2 -29
wpspdssdpbagggbfg g1-f2 -24
wpspspsdpbaggfbgg c1-d2 -13 g1-f2 -21
wpspspsdpbaggffgg g1-h2 -13
wpssaaspaaafagfgg d2-e3 72 a3-b4 68
wpssspafafpaagbgg b2-c3 -27 g1-f2 -32
wpsssssdafbfggbgg e3-f4 45 g1-f2 15
wsddsdsdpafgbggfg c3-b4 7
wsddsdssaabggbbgg c3-b4 -13 g3-f4 -27
wsddssddaafgfgagg g1-h2 -6 c3-d4 -20
wsdpdssdpbaggfggf c1-d2 -29 g3-f4 -42
wsdppssdaffffgagg b4-a5 -41 g1-h2 -41
wsdpsdspabaqfbggg f2-g3 -282
wsdpspsdpbaggfbgg g1-f2 -36
wsdpspsdpbaggffgg g1-h2 -18
wsdsddsdaafgbgagg c3-b4 -8
wsdsddsdaafgfffgg c1-d2 -1 c3-d4 -34
wsdsddsdafffagfgg b4-a5 33 d2-e3 0
wsdsddspaaffggagg a3-b4 32
wsdsdsdadbafgfbgg g3-f4 -6 e1-f2 -12
wsdsdsdadbapggfgg b2-c3 -276 g1-h2 -290
wsdspdsdafffagfgg b2-c3 -23 b4-a5 -34
wsdsppsadbafgfbgg e1-f2 12
wsdsppsadbagbbbgg d2-e3 23
wsdspsddaafgfgagg c3-d4 -7 c3-b4 -10
wsdssaspabapfgggg b2-c3 -275 e3-f4 -277
wsdssdddaafgagfgg c3-b4 -16 d2-e3 -28
wsdssdsipaffgfggg b2-c3 2
wsdssdsppgbgabggg f2-e3 -6 d2-e3 -29
wsdsspdaabdgbbbgg e1-f2 -13 g3-f4 -20
wsdsspdadaaqggbgg g3-h4 -286 g3-f4 -301
wsdsspdadaaqggfgg c3-d4 -274
wsdsspdadbafbgbgg d2-e3 -13 b2-c3 -20
wsdsspdadbapfgggg h2-g3 -257 b2-c3 -272
wsdsspddaafgafggg c1-d2 20 c3-b4 16
wsdsspdddbagfbggg h2-g3 22 c3-b4 18
wsdsssdfpaagqggbg f2xf6 25 d2xf4 9
wsdsssdfsaffgfggg b2-c3 -14
wsdsssdfsafgbbggg a1-b2 -25 g3-h4 -45
wsdssspfsbbbagggg d2-e3 -9 f2-g3 -12
wsdssssapbfgbgbgg d2-e3 36
wsdssssdaaggffggg f2-g3 0 c1-d2 -30
wsdssssdabbgfbggg f2-g3 -18
wsdssssdafffggfgg b4-a5 -5 g3-h4 -9
wsdssssdagafggbgg b4-a5 38 g1-f2 -8
wsdssssfpaffbgggg b2-c3 -9 d2-e3 -14
wspdsssipabfggggf b2-c3 -92
wsppssddaafgfgagg c3-b4 -12 c3-d4 -35
wspssddpaabgagbgg d2-e3 -3
wspssppaafqgabbgg d2-e3 -78 a1-b2 -114
wspsspsddbfgfggfg c3-b4 9 h2-g3 -5
wspsspsfsabgfbggg c1-b2 79 e3-d4 -5
wspsspsfsfbafgggg e3-d4 -7 f2-g3 -21
wspsssafaaqfagbgg d2-e3 -67 b2-c3 -74
wspssssadbffggfgg g3-h4 -5 d4-c5 -7
wssadssdpfffbfggg b4-a5 47
wssadsspabapgfggg g3-f4 -302
wssadsspabapggbgg g1-f2 -293
wssadsspabapggfgg b2-c3 -297 g1-h2 -307
wssapssadafqfbggg f2-g3 -312 c3-d4 -335
wssasddpdbapggbgg g3-f4 -321
wssasdssaabfggfgg e3-f4 5 e3-d4 -5
wssasdssaabgfbggg c1-b2 32
wssassaapafqbffgg f2-e3 -363
wssassdadafpfgggg b2-c3 -316 f2-g3 -323
wssassdadbapbgggg f2-e3 -307
wssassssabbggffgg c1-d2 -42
wssdasspaaffggagg b2-c3 22 g1-h2 10
wssdddddsfffbfggg b2-c3 -11
wssdddpasabqfbggg a1-b2 -278 h2-g3 -309
wssdddsdafdfgggfg b2-c3 19 g3-f4 4
wssdddsdpafgbbggg c3-b4 12
wssdddsdpafgbfggg c1-d2 1 c3-b4 -8
wssddpsaaqapggbgg b2-c3 -298 g3-f4 -302
wssddpspaaaqggfgg g1-h2 -275
wssddpspabapbgggg f2-e3 -294 d2-e3 -299
wssddssdpffggaggg b4-a5 38
wssddsssabfggfbgg g1-f2 -55 g3-h4 -69
wssdpasadpapbgggg b2-c3 -318
wssdpasasabpggbgg d2-c3 -273 g3-f4 -280
wssdpasasabqfbggg f2-g3 -328
wssdpasasbaqbbggg d4-c5 -316
wssdpasbaappagggg d2-c3 -348
wssdpddadaaqiggbg h2xf4 -279 f2xf6 -337
wssdpddasafqfbggg a1-b2 -300
wssdpddppfagbgbbg b4-c5 -10
wssdpdpapafqbfbgg g3-h4 -356
wssdpdsaaaipggbgg e3-d4 -369
wssdpdsaabfpagqgg g1xe3 -416
wssdpdsadabpfgggg f2-g3 -276 h2-g3 -290
wssdpdsadafpfgggg b2-c3 -302 f2-g3 -306
wssdpdsadbapbgggg d4-c5 -314 b2-c3 -337
wssdpdsdafiffbggg a1-b2 -2 b4-a5 -4
wssdpdsdpafgbgbgg d2-e3 25
wssdpsddpfafggbgg e3-f4 -22 b4-a5 -27
wssdpsddpfafggfgg e3-f4 -20 g3-h4 -39
wssdpsdppfagbbggg d2-e3 -17 f2-e3 -22
wssdpssdpfbfggggf b4-a5 -25
wssdpsspdbfgfggfg f4-e5 46
wssdpssppffggaggg c3-d4 -16
wssdsaaaaapqagbgg e1-f2 -360 c3-d4 -369
wssdsaaiaapaagggg d2-e3 -11
wssdsaddaaagfgbgf e3-f4 -20 e3-d4 -56
wssdsapaabppagggg d4-c5 -332
wssdsapasabpfgggg b2-c3 -282
wssdsapsaafgaggbg h2-g3 -5
wssdsasdpabffgggg h2-g3 -11 f2-g3 -26
wssdsdaapafqafggg h2-g3 -355 f2-g3 -355
wssdsddaaaaqdgggg h2xf4 -347 f2xh4 -351
wssdsddaaaasbgggg b2xd4 -320
wssdsddaaapqggbgg e3xg5 -376 g3xe5 -383
wssdsddadaapggggg g3-f4 -297
wssdsddadaaqbgggg f2-e3 -309 c3-d4 -315
wssdsddapaaqbgggg c3-d4 -317 g3-f4 -333
wssdsdddaaifggfgg g1-h2 -13 b2-c3 -16
wssdsdddafagbbbgg c3-d4 -35 d2-e3 -37
wssdsdddafdfgfggg c1-d2 1 b2-c3 -9
wssdsdddpafffgggg h2-g3 13
wssdsddspfbggbbgg g3-f4 -7
wssdsddspffggaggg c3-d4 -6
wssdsdpaaaaqpgggg d2xf4 -343 f2xd4 -352
wssdsdpaaaipfgggg f4-g5 -300
wssdsdpadaapggggg g3-h4 -259 g3-f4 -284
wssdsdpadaaqbgggg c3-d4 -330 g3-f4 -339
wssdsdpdafafpgggg d2xf4 -25 f2xb6 -37
wssdsdpddfafbgggg g3-f4 -22
wssdsdspafagqggbg f2xd4 -26
wssdsdssafaggggbg e3-d4 -20
wssdsdssafbbggfgg b2-a3 -62
wssdspdaaabgabigg a1-b2 -281 d2-e3 -289
wssdspdsdbffggggf b2-c3 3
wssdspppsgagbggbg g3-f4 -12
wssdsppsdbbgfggfg h2-g3 -187
wssdspsppbbfggbgg d2-c3 51 b2-c3 11
wssdspsppfaggggbg e3-d4 -19
wssdspssabbfggbgg b2-c3 -6
wssdspssabbgbgfgg d2-e3 -105
wssdspssabbgfbggg f2-g3 0
wssdspssabbgffggg c1-d2 -55
wssdspssabfgffggg f2-g3 -38
wssdssddabifggggf b2-c3 -23
wssdssddafbfigbgg h2xf4 9 h4xf2 -12
wssdssddafqggbbgg e3xg5 -1
wssdssddpaggbgfgg f2-e3 -6 d2-e3 -19
wssdssddpfbfggbgg g3-f4 17
wssdssddpfbfggfgg b4-a5 -31 g1-h2 -43
wssdssddpfbgfbggg f2-g3 -31 b4-a5 -44
wssdssddpfffgfggg b4-a5 47
wssdssddpfffggfgg b4-a5 -30 g1-h2 -38
wssdssdiaaqfggfgg g3xe5 -15
wssdssdipafffgggg h2-g3 36 d2-c3 3
wssdssdpabifggggf b2-c3 0 d4-c5 -26
wssdssdpagdbggggb d4-c5 -52
wssdssdpdbffggbgg g1-f2 -2 g3-h4 -9
wssdssdpdbfgbbggg f4-e5 3
wssdssdpdbfgffggg h2-g3 -3 d4-e5 -16
wssdssdpdgabgfggg e1-d2 -11 g3-f4 -18
wssdssdppafggggfg g3-h4 -1 c3-b4 -9
wssdssdppffgbbggg d2-e3 -5
wssdssppdgagbfggg g3-h4 -34
wssdsssdaabgggfgg e3-f4 0 c3-b4 -11
wssdsssdaffffgggg b4-a5 15 h2-g3 0
wssdssspaabgggbgg c3-d4 -3 g3-f4 -19
wssdssspaafgggfgg c3-d4 9 c3-b4 -6
wssdssspabaggbggg g3-h4 4 g3-f4 -11
wssdssspabaggfggg g3-f4 -30 g3-h4 -34
wssdssspabagggbgg e3-f4 -16 g3-f4 -31
wssdssspabbgagggg d2-e3 -67 h2-g3 -70
wssdssspabffbgggg f2-e3 3 b2-c3 -5
wssdssspafaggbggg a1-b2 -21
wssdssspafaggfggg e3-d4 -46 e1-d2 -55
wssdssspafbbfgggg h2-g3 -67 e3-d4 -81
wssdssspagabbgggg b2-a3 -22 d2-e3 -33
wsspapsasaagfbggg h2-g3 58
wsspassdaafgfgagg c3-d4 -22 c3-b4 -28
wsspddspaaaqggfgg c3-d4 -280
wsspdpdadaaiagggg b2xd4 40
wsspdpdasaaffgggg e3-d4 21 d2-c3 15
wsspdpsdpbagffggg f2-g3 -43 h2-g3 -53
wsspdsdadaaqggfgg g3-f4 -263 c3-d4 -269
wsspdsdadbapbgggg b2-c3 -294 f2-e3 -297
wsspdsdddaagggggf c3-b4 -15 g3-h4 -18
wsspdsdddafgffggg c3-b4 31 c3-d4 23
wsspdsdpaafgafggg h2-g3 10 f2-e3 9
wsspdspaafqgabbgg b4-a5 -53 g1-f2 -57
wsspdssaafaggbbbg c3-d4 -3 g3-f4 -6
wsspdssdabbgifbgg h4xf2 -61
wsspdssdpbbggfbgg g3-f4 -34
wsspdssppbbggbfgg e3-f4 5
wsspdssppbbggffgg e3-f4 13
wsspdssppffggaggg e3-d4 2 c3-d4 -21
wssppddsaaagigggf f2xh4 11 h2xf4 -26
wsspppsaaadigggfg b2xd4 53
wsspppsapgpgabggg b4-c5 5
wsspppsasfagfbggg e3-d4 11 e3-f4 0
wssppsddaaagifggg h2xf4 0
wssppsdpaaagifggg h2xf4 9 f2xh4 2
wssppsdpaabgagbgg d2-e3 5
wssppssddbgffgfgg b2-c3 58
wssppssppffggaggg c3-d4 -9
wsspsaaapapgaggfg c3-d4 25
wsspsaaapaqfagbgg d2-e3 -18 g1-f2 -31
wsspsasppabffgggg d2-c3 48 f2-g3 18
wsspsdddafaggbbbg g3-f4 -5 e3-f4 -14
wsspsdsdafffgfbgg b2-c3 3
wsspsdsdpaggbgbgg c3-b4 17 d2-e3 7
wsspsdspadffbgggg f4-e5 7
wsspsdsppfbbggfgg e3-d4 9 b2-a3 -19
wsspsdsppgagbfggg f2-e3 -27
wsspsdssaaggffggg c3-b4 15 c1-d2 10
wsspsdssafbfggfgg g1-h2 -6 g3-f4 -6
wsspsdssafffggfgg g1-h2 10
wsspspdadaafigggg h2xf4 43 f2xf6 39
wsspspdapabfgffgg a3-b4 6
wsspspdapfagbaggg b4-a5 38
wsspspdasfaffgggg b4-a5 -1 b4-c5 -2
wsspspdfpapffgggg e3xg5 48 a5xc7 -4
wsspspsaaqfaggbgg g1-f2 -33 d2-c3 -34
wsspspsdabqggbbgg g3xe5 -12
wsspspsdpbaggggfg g3-f4 0
wsspspsdpbbgfbggg f2-g3 1
wsspspsdpfgfagggg f4xd6 10
wsspspspaabgqgggb d2xf4 -41 f2xd4 -44
wsspspsppbbfggfgg b2-c3 23 d2-c3 20
wsspspsppbbgbgfgg a3-b4 25
wsspspssabbgbgbgg e1-f2 -44
wsspspssabfgbgbgg d2-e3 -64
wsspssadabdggfgfg c3-b4 -13
wsspssdaafagfbgbg f2-g3 9 c3-d4 7
wsspssdadfffgfbgg c1-d2 -6 g1-f2 -7
wsspssddaaagfgggg c3-b4 24 e3-f4 16
wsspssddabifggggf b2-c3 -11 d2-c3 -22
wsspssddabiggbfgg c1-b2 2 a1-b2 -12
wsspssdddafgggggf g3-h4 -19
wsspssdddbffggfgg b2-c3 13 d2-c3 -12
wsspssdddbfgfbggg c3-b4 16 h2-g3 2
wsspssddpaggffggg c1-d2 -5 f2-g3 -16
wsspssddpfffggfgg b4-a5 21
wsspssdpdbfgbgfgg d4-c5 2 d4-e5 -13
wsspsspapgdggaggg b4-a5 -7 c1-d2 -21
wsspsspapgqgabggg b4-c5 -25 f2-e3 -39
wsspssqdaaagggbgg g3-h4 304 c3-b4 298
wsspssqpaaagggfgg g3-h4 344 c3-b4 318
wsspsssaaabiggbgg b2xd4 -9 d2xb4 -12
wsspsssaaafiggbgg d2xb4 -1 b2xd4 -11
wsspsssaaafiggfgg b2xd4 6
wsspsssapabgggbgg e3-f4 39
wsspsssapabgggfgg g1-h2 -1 e3-f4 -9
wsspsssapfbbfgggg b4-c5 6 h2-g3 2
wsspsssdaabgggbgg g1-f2 -4 g3-f4 -18
wsspsssdaabgggfgg c3-b4 20
wsspsssdaafgggfgg c3-b4 -2
wsspsssdaaggagggg d2-e3 -1 c3-b4 -9
wsspsssdabaggbggg g3-f4 -2 c1-b2 -2
wsspsssdabbffgggg b2-c3 -14 h2-g3 -22
wsspsssdabfffgggg b2-c3 -1 d2-c3 -10
wsspsssdafbffgggg h2-g3 20
wsspssspaabgggbgg c3-b4 -5 g3-f4 -13
wsspssspaabgggfgg e3-f4 1 g1-h2 -10
wsspssspaafgggbgg c3-d4 -12 c3-b4 -22
wsspssspaafgggfgg c3-b4 0 e3-d4 -8
wsspssspaaggagggg d2-e3 10
wsspssspabaggbggg a1-b2 10 g3-f4 8
wsspssspabagggbgg e3-f4 -11 g1-f2 -23
wsspssspabbffgggg h2-g3 -17 b2-c3 -22
wsspssspabbgagggg f2-g3 -46
wsspssspabffbgggg d4-c5 11 d2-e3 -7
wsspssspafaggfggg c1-d2 -24 e3-f4 -28
wsspssspafbbfgggg b2-a3 -36
wsssaadpaaafpgfgg d2xf4 36
wsssaadppaapbgggg b2-c3 -292 f2-e3 -311
wsssaadppaapfgggg h2-g3 -291 f2-g3 -300
wsssaadsaaaffgfgg e3-d4 25 b2-c3 10
wsssadddpafgfffgg c1-d2 -16 c3-d4 -18
wsssadsdaafgagfgg d2-e3 -25 f2-g3 -28
wsssadsddafgfbggg c3-b4 26 c3-d4 20
wsssadsdpfafggbgg g3-h4 -29 d2-c3 -29
wsssadspaafffgfgg f4-e5 23 f2-g3 13
wsssadspaafgafggg f2-e3 7 h2-g3 -5
wsssadspaafgagfgg d2-e3 3 f2-g3 0
wsssapsaabdgbbbgg a1-b2 -6 a3-b4 -8
wsssapsadbafbgbgg b2-c3 3
wsssapsadbapfgggg h2-g3 -245 b2-c3 -253
wsssapsdaafgafggg c1-d2 -7 f2-g3 -10
wsssapsdabifffggg b2-c3 16 h2-g3 4
wsssapsddabgfgfgg g1-h2 92 f2-g3 75
wsssapsddbafgfggg b2-c3 26
wsssapsddbagfbggg h2-g3 4
wsssassasbbgggagg g3-f4 0
wsssassdagiffggfg b4-a5 92
wsssassddbbggbfgg g3-f4 26 a1-b2 21
wsssassddbgffgfgg b2-c3 16 f2-g3 8
wsssdaspaaaqbgggg c3-d4 -281
wsssdaspaaaqfgggg c3-d4 -280 h2-g3 -286
wsssddaifaabagbgg a5-b6 -4 e1-f2 -18
wsssdddddaagggbgg e1-f2 -20 g3-f4 -20
wsssdddddafffgggg b2-c3 31
wsssddddpgagqaggg d4xb6 5 d4xf6 -12
wsssddddsffggaggg e3-d4 -7
wsssdddisafgbbggg a1-b2 -21
wsssdddpaaagpgggg d2xf4 9
wsssddsdafbfigbgg h4xf2 -3
wsssddsdaffgfffgg c1-d2 -31 b4-a5 -49
wsssddsdpaggbgbgg g1-f2 0
wsssddsdpfffgfggg b2-c3 -8
wsssddsdpfffggbgg g3-h4 7 b4-a5 -7
wsssddsdpfffggfgg b2-c3 -7 b4-a5 -20
wsssddsdpffgbbggg d2-e3 0
wsssddsipafbbgggg d2-e3 28
wsssddsipaffbgggg b2-c3 -32 d2-c3 -40
wsssddspagqgabggg d4-c5 -5 a1-b2 -15
wsssddsppffgbbggg d2-e3 -10
wsssddsppgbbagggg b2-a3 26 f2-g3 -12
wsssdpaapfqgabbgg d2-e3 -57 g1-f2 -66
wsssdpafaapbagbgg c3-b4 -43 c3-d4 -55
wsssdpdaaadqggbgg g3-f4 -293 g1-f2 -300
wsssdpdadaafqgggg f2xd4 -5
wsssdpdadaaqbgggg f2-e3 -281 c3-d4 -285
wsssdpdadaaqfgggg c3-d4 -274 h2-g3 -277
wsssdpddaaagpgggg d2xf4 -17 f2xd4 -19
wsssdpddaabfgffgg c1-d2 17
wsssdpddaabfpgggg d2xf4 3
wsssdpddaaffbfggg b2-c3 14 g3-h4 -1
wsssdpddaaifgfggg b2-c3 -1 c1-d2 -16
wsssdpddabdfgfggg b2-c3 26 g3-f4 0
wsssdpdddaffbgggg g3-h4 7 d2-e3 -11
wsssdpdddbaffgggg b2-c3 27
wsssdppaafbfaibgg c1xe3 -87
wsssdppaafqfagbgg d2-e3 -47 b2-c3 -55
wsssdpsdabfggbbgb g3-h4 -57
wsssdpsdpbbgffggg f2-g3 -66
wsssdpsfaaadbgggg d2xb4 30 b2xd4 4
wsssdsdasfffgfggg b4-c5 -20
wsssdsdasffgbbggg b4-a5 4
wsssdsddafbfigbgg h4xf2 0 h2xf4 -10
wsssdsddafifggggf b2-c3 -10 b4-a5 -58
wsssdsddagifffggg c1-d2 45 b4-a5 29
wsssdsdddbffgfggg b2-c3 3 g3-h4 -27
wsssdsdddfffggfgg b4-a5 -2 g3-h4 -17
wsssdsddpfbfggbgg g3-f4 8
wsssdsdfpaagqbggg d2xf4 -17
wsssdspaafigabggg d2-e3 -11 a1-b2 -36
wsssdspapgdggaggg b4-a5 -34 c1-d2 -42
wsssdspasbbgfgbgg h2-g3 2
wsssdspddbbfggfgg b2-c3 18 g3-f4 8
wsssdspddbbgfbggg h2-g3 31 a1-b2 15
wsssdspfpbdbgfggg c3-b4 9
wsssdspfpbdbggbgg g1-f2 -34
wsssdspfsbabbgggg g3-h4 -36 f2-e3 -38
wsssdssapbaggbggg e3-f4 37
wsssdssapbaggfggg e3-f4 6
wsssdssapbbgagggg d2-e3 -69
wsssdssapfffbgggg b2-c3 0 d2-e3 -9
wsssdssapgabbgggg b4-c5 37 b4-a5 -7
wsssdssdaabgggbgg c3-b4 5 g3-f4 -9
wsssdssdaafggfggg g3-h4 -5 c3-d4 -11
wsssdssdaafgggfgg c3-b4 4 c3-d4 -7
wsssdssdabagggbgg c3-b4 -3 g3-f4 -9
wsssdssdabbffgggg b2-c3 -4
wsssdssdafbffgggg f2-g3 0 b4-a5 -9
wsssdssdaffffgggg h2-g3 21 b4-a5 5
wsssdssfaaadggggg b2xd4 15
wsssdssfpaabggggg c3-d4 30
wssspadqaapgaggfg c3-b4 -6
wssspapqaapgaggfg f2-e3 -23 c3-d4 -26
wssspapqabpfabggg f2-g3 -29 d2-c3 -41
wssspasbaaaapgggg f2xd4 -8 d2xf4 -12
wssspasdagaffbgbg b4xd6 13
wssspaspppfgbbggg f4xd6 -52
wssspdaiaaqfagbgg d2-e3 -65 b2-c3 -68
wssspddaaaasggfgg b2xd4 -319
wssspddapaaqggfgg c3-d4 -298 e3-f4 -311
wssspdddaaafigggg f2xh4 0
wssspdddaaagdgggg h2xf4 -12
wssspdddpbagagggg d4xb6 -2
wssspdddpfaffgggg h2-g3 -19 f2-g3 -23
wssspddpaaafigggg h2xf4 19
wssspddpaaagdgggg f2xh4 6 h2xf4 -5
wssspddpaaaifgggg b2xd4 24 d2xb4 4
wssspdpiaaqgabggg a1-b2 -35 c3-b4 -44
wssspdsdaaagfgggg c3-d4 0 h2-g3 -1
wssspdsdafifggggf f4-g5 -3
wssspdsdafigfggbg f4-g5 -37
wssspdsddffgfbggg c3-d4 12 b4-a5 10
wssspdsdpafggggfg c3-d4 -12
wssspdsdpafgggggf c3-d4 -22
wssspdsdpfffggbgg b2-c3 -15
wssspdsfdqbbagggg b2-a3 -27 d4-c5 -40
wssspdsiaaffbfggg b2-c3 -17
wssspdsiaaigfbggg f4-g5 1
wssspdsidafffgggg b2-c3 1
wssspdsipaaggfggg c3-d4 -22 c3-b4 -28
wssspdspdbfgffggg c1-d2 13
wssspdsppafggggfg e3-d4 13 g3-h4 0
wssspdsppbbgbgfgg d2-e3 1
wssspdsppbfgbfggg f2-e3 10
wssspdsppbfgbgfgg g1-h2 4 d4-c5 -4
wssspdsppffbgfggg b2-a3 -19
wssspdsppffgbbggg b4-c5 15 d2-e3 -22
wsssppddaaaifgggg d2xd6 11
wssspppaabqfagbgg d2-e3 -52 e1-f2 -65
wssspppaafqfagbgg b2-c3 -72 d2-e3 -73
wssspppaagpfabggg b4-c5 -6 d2-c3 -30
wssspppapfqfbgggf f2-e3 -37
wssspppdabsfggggf g3xg7 -33
wssspppfabpaagggg d2-e3 -5 f2-g3 -5
wssspppfafpaagggg d2-c3 -34
wsssppsaafagfbgbg c3-d4 19 e3-d4 6
wsssppsasbbgbgbgg a3-b4 -3
wsssppsasbbgfgbgg g1-f2 -2 a3-b4 -9
wsssppsasfbgfbggg c1-b2 10 b4-a5 -17
wsssppsasgbbagggg b4-c5 2 f2-g3 -12
wsssppsdabifggggf f4-g5 -51
wsssppsdabigfggfg c3-b4 2
wsssppsddaggfgfgg c3-d4 41 f2-g3 31
wsssppsddbbfggbgg d2-c3 28 g3-f4 -2
wsssppsddbbfggfgg g3-f4 32 b2-c3 31
wsssppsddbbgfbggg f2-g3 14 h2-g3 8
wsssppsddbbgfgbgg h2-g3 0
wsssppsddbfgffggg c1-d2 11 c3-b4 5
wsssppsfpadggggbg e3-d4 6 g3-f4 0
wsssppsfsabffgggg a3-b4 -1 b2-c3 -7
wssspsaaafbfaibgg c1xe3 -73
wssspsaaafqfagbgg b4-a5 -61 d2-e3 -62
wssspsaapadggggfg c3-d4 -45 c3-b4 -47
wssspsaapfdfgbggg a1-b2 -44 g3-f4 -48
wssspsaapfdfgfggg b4-c5 0
wssspsdapfbgpbggg f2xf6 -24
wssspsdasffgbbggg g3-h4 5 b4-a5 4
wssspsdfpaagqbggg d2xf4 -5
wssspsdfsaaggfggg e3-d4 -21
wssspsdfsaffbgggg b2-c3 -10
wssspsqapaagggbgg g3-h4 285 g1-f2 282
wssspsqapabgagggg d2-e3 284 f2-e3 278
wssspssaaabgigbgg h4xf2 -5 h2xf4 -9
wssspssaabigfbggg f4-g5 1
wssspssaagdfgbggg b4-c5 28
wssspssabfdffgggg b4-a5 9 b2-c3 8
wssspssadabgggbgg c3-d4 8 e3-d4 -1
wssspssadabgggfgg g3-f4 16 c3-d4 6
wssspssadbagggbgg g3-h4 -13
wssspssadbbgagggg d4-c5 -9 f2-e3 -22
wssspssadbfffgggg h2-g3 0 d4-c5 -11
wssspssadfbffgggg b4-c5 22 e3-d4 -12
wssspssadffffgggg b4-c5 -2 b2-c3 -10
wssspssapafggfggg e3-d4 8
wssspssapafgggbgg e3-d4 25 g3-h4 -2
wssspssapafgggfgg e3-d4 11
wssspssapfaggfggg b4-a5 -20
wssspssapfffbgggg b4-a5 -26 b2-c3 -36
wssssaadaaqgagggf c3-b4 -51
wssssaadagpfabggg b4xd6 0 d4xb6 -20
wssssaaffdabagbgg e5-d6 25
wssssaapafpgaggfg b4-c5 -36 f2-g3 -45
wssssaapafpgagggb d2-e3 -17
wssssadaaabfagigg b2-c3 -273 d2-e3 -282
wssssaddafqffgbgg b4xd6 -30 e3xg5 -32
wssssadfapabibggg h2xf4 -15
wssssadfapibfbggg a1-b2 -2 c3-d4 -12
wssssadfdpabgbggg e3-f4 -8
wssssadfpaaqgggbg e3-f4 -4 g3-f4 -10
wssssadfppabgbggg a1-b2 0 g3-f4 -6
wssssadipadggggbg g3-f4 42 e3-d4 27
wssssadpsfaggggfg g3-f4 -14
wssssadqaaabpgggg d2xf4 41
wssssadsdgafgbggg b4xd6 45
wssssappafqgabggg b4-c5 -3
wssssappsfbgfbggg c1-b2 -5 e3-d4 -18
wssssasdpabgggbgg e3-f4 3 g3-f4 3
wssssasfaabaagggg d2-e3 14 b2-c3 8
wssssasfpaafqgggg d2xd6 -8
wssssasiaaadggggg d2xd6 44 b2xb6 39
wssssasipaabggggg c3-d4 42 e3-f4 35
wssssasipaafggggg e3-d4 2
wssssasppabgggfgg e3-f4 15 e3-d4 13
wssssasppfaggfggg e3-d4 0 g3-f4 -21
wssssasppfbbfgggg e3-d4 5 b2-a3 -7
wssssdadafqgabggg f2-e3 -60 c3-d4 -63
wssssdaiaaqbagggg b2-a3 -71 c3-d4 -88
wssssdapagdfbbggg d4-c5 -15
wssssdbdpaagggbgg g1-f2 303 g3-h4 294
wssssddaafdgqggbg d2xf4 -18 f2xd4 -23
wssssddadafiggbgg d2xb4 31 b2xd4 0
wssssddadffffbggg a1-b2 9 h2-g3 -3
wssssddapabiggfgg b2xf6 0
wssssdddaabgigbgg h4xf2 8
wssssdddaafiggfgg b2xb6 2
wssssdddaaigggggf c3-b4 -39 c3-d4 -39
wssssdddafagifggg h2xf4 -28
wssssdddafagqbggg f2xb6 -6 d2xf4 -19
wssssdddafdggggbg g3-f4 -1 e3-d4 -16
wssssdddafifgfggg c1-d2 -11
wssssdddafqfggbgg e3xg5 -20 g3xe5 -29
wssssddddafggfggg g3-h4 6 c3-b4 2
wssssddddafgggbgg g3-h4 -27 g1-f2 -28
wssssddddafgggfgg g1-h2 -19 c3-d4 -24
wssssddddbbgagggg h4xf6 1
wssssddddfaggbggg g3-f4 -4
wssssddddfffbgggg b2-c3 -14 b4-a5 -21
wssssdddpafggfggg c3-b4 -16 c1-d2 -16
wssssdddpafgggbgg g3-h4 11
wssssdddpafgggfgg c3-d4 -10 g1-h2 -16
wssssdddpbfffgggg d4xf6 0 d4xb6 -9
wssssdddpfaggbggg e3-f4 -11
wssssdddpfaggfggg g3-f4 -32
wssssdddpfbbfgggg b4-a5 -48 b2-a3 -57
wssssdddpfbffgggg h2-g3 -14 f2-g3 -28
wssssdddpfffbgggg d2-e3 -5 f2-e3 -7
wssssdddpffffgggg f2-g3 -9 h2-g3 -27
wssssdddpgabbgggg d4xb6 -250 d4xf6 -293
wssssddiaaafqgggg d2xf4 -6
wssssddiaaiffgggg b2-c3 0
wssssddidaafggggg g3-f4 -16 e3-f4 -23
wssssddipaafggggg e3-f4 -11
wssssddpabifggbgg g1-f2 -10
wssssddpafpggggfg e3xg5 0 g3xe5 -15
wssssddpafpgggggb e3xg5 -14 g3xe5 -22
wssssddpdafggfggg g3-h4 6 c3-b4 -1
wssssddpdafgggbgg c3-d4 -3 c3-b4 -14
wssssddpdbfgagggg d4-c5 -8 d2-e3 -12
wssssddpdfaggfggg e1-d2 -20 c1-d2 -33
wssssddppabgggfgg c3-b4 -4 e3-d4 -8
wssssddppafggfggg c1-d2 6 c3-b4 -6
wssssddppffbbgggg b2-a3 -11 d2-e3 -19
wssssddqaaagpgggg f2xd4 -4
wssssdiaaaagpgggg f2xd4 -8
wssssdiaaaaqfgggg h2-g3 -293
wssssdpaadibfgggg e3xc5 8
wssssdpdafdggggbg g3-f4 -39
wssssdpdafigffggg f4-g5 -54
wssssdpdbfbbagggg b4-a5 15
wssssdpddfaggfggg g3-f4 -7 g3-h4 -27
wssssdpddfbbfgggg b4-a5 1 b2-a3 -11
wssssdpfdpbbfgggg e3-d4 48
wssssdpiaadggbggg a1-b2 -46 g3-f4 -46
wssssdpiaaibfgggg c3-d4 9
wssssdqaaaaqfgggg f2-g3 -7 h2-g3 -8
wssssdqdaaagbgggg f2-e3 311 c3-b4 283
wssssdqpaaagfgggg h2-g3 326 c3-b4 314
wssssdsaaafgffggg c3-d4 4 h2-g3 -10
wssssdsdaafgfgggg c3-d4 -5 f2-g3 -16
wssssdsdafafggggg b2-c3 3 b4-a5 -8
wssssdsfapabggggg b2-a3 -28
wssssfdaaaagagqgg g1xe3 -2 e1xg3 -19
wssssidaaaafigggg h2xf4 13
wsssspaaaaqgagbgg g1-f2 -36 c3-d4 -50
wsssspaaabpgabggg a1-b2 -6 c3-b4 -7
wsssspaaafpgabggg c1-b2 -12 c3-d4 -26
wsssspaapfbfbibgg c1xe3 -35
wsssspaapfdgbggfg d2-e3 -35 b4-a5 -43
wsssspaapfqfbgbgg g1-f2 -42 d2-e3 -52
wsssspababsagfggg g3xe5 11
wsssspadabdgbggfg d2-e3 -75
wsssspadabigafggg f2-e3 -82
wsssspafaapbagggg f2-g3 -21 c3-d4 -41
wsssspafaapfagggg a3-b4 -25 f2-g3 -27
wsssspdapfagqbggg d2xd6 25
wsssspdapfdggggbg b4-a5 14 b4-c5 11
wsssspdasfaggbggg e3-f4 23
wsssspdasfaggfggg b4-c5 11 b4-a5 6
wsssspddaabiggfgg d2xd6 -2
wsssspddaaigggggf c3-b4 -6
wsssspddabdggggfg c3-b4 26
wsssspddabdgggggf c3-b4 -31 g3-f4 -33
wsssspddabffggbgb b2-c3 -67 g3-h4 -71
wsssspddabifgfggg f4-e5 -41
wsssspddabifggbgg g1-f2 -43 b2-c3 -51
wsssspddabifggfgg d2-c3 -15 b2-c3 -21
wsssspddabigfbggg c1-b2 27 c3-b4 23
wsssspddabigffggg c3-b4 26
wsssspdddafggfggg g3-h4 -10
wsssspdddafgggbgg g3-h4 -32 c3-d4 -45
wsssspdddafgggfgg c3-d4 -13 c3-b4 -17
wsssspdddbaggbggg c3-b4 33
wsssspdddbaggfggg c3-b4 1 g3-f4 -1
wsssspdddbagggbgg g1-f2 -30 g3-f4 -37
wsssspdddbfffgggg d2-c3 33 b2-c3 20
wsssspddpabgggfgg c3-d4 9
wsssspdfdaafigggg f2xf6 0 h2xf4 -11
wsssspdfsaafggggg g3-f4 24 e3-f4 10
wsssspiaaaagpgggg f2xd4 3
wssssppaafqfagggg f2-g3 -45 f2-e3 -48
wssssppapgdfgfggg b2-c3 -34 b4-c5 -39
wssssppapgqbagggg b2-a3 1 b4-c5 -3
wssssppasbbgagggg f2-e3 7 a3-b4 -3
wssssppasfbffgggg b4-a5 -9 b2-c3 -22
wssssppasgabbgggg b4-a5 0
wssssppdabdgggggf c3-b4 -24 g3-f4 -35
wssssppdabigffggg c3-b4 7 f4-g5 -2
wssssppdabigfgbgg g1-f2 -36
wssssppddbaggfggg c3-b4 8 g3-f4 0
wssssppddbbffgggg h2-g3 9 b2-c3 9
wssssppfpbdbbgggg d2-e3 8 g3-f4 -2
wsssspsaabpggbggg g3xe5 13
wsssspsaabpgggbgg g3xe5 -27
wsssspsaafpggbggg g3xe5 -6
wssssqdaaaafqgggg d2xf4 7
wsssssaaabdgbbggg g3-f4 -41 d2-e3 -46
wsssssaaabdgbfggg c1-d2 -49 g3-f4 -64
wsssssaaafdgbbggg c3-d4 -38 g3-f4 -45
wsssssaaafdgbfggg c1-d2 -50 g3-f4 -50
wsssssaaafqfagggg f2-e3 -37 f2-g3 -42
wsssssaadgdfgbggg d4-c5 10 b4-c5 8
wsssssaadgdfgfggg b4-c5 30
wsssssafaadbbgggg d2-e3 -12 c3-d4 -18
wsssssafpadggbggg e3-d4 -38 c3-d4 -40
wsssssafpaibfgggg c3-d4 10
wsssssbaaaaifgggg d2xb4 291
wsssssbapaagbgggg g3-h4 304
wsssssbapaagfgggg f2-g3 284 c3-d4 279
wsssssdaaaiggfggg c3-b4 -12 c3-d4 -27
wsssssdaaaigggbgg g1-f2 -55 c3-d4 -60
wsssssdaaaigggfgg c3-d4 -13 g1-h2 -29
wsssssdaaaqgggbgg e3xg5 -24
wsssssdaabdggbggg c3-b4 13 g3-f4 9
wsssssdaabdggfggg c3-b4 -18 c1-d2 -26
wsssssdaabdgggbgg g1-f2 -30 g3-f4 -57
wsssssdaabpggbggg g3xe5 44 e3xg5 -6
wsssssdaadbgggfgg e3xc5 -170 c3xe5 -239
wsssssdaafdggbggg a1-b2 24 c3-d4 20
wsssssdaafpggbggg e3xg5 3
wsssssdadafgfgggg c3-d4 9 c3-b4 -4
wsssssdapfafggggg e3-f4 -21 b2-c3 -28
wsssssdfaapbggggg g3xe5 63 e3xg5 -19
wsssssdfaapfggggg g3xe5 10 e3xg5 -22
wssssspaabdggbggg g3-f4 -17 a1-b2 -28
wssssspaabdggfggg c1-d2 -28 g3-f4 -37
wssssspaabdgggbgg g3-f4 -43 g1-f2 -50
wssssspaabiffgggg d4-c5 8 f4-g5 7
wssssspaabpggbggg e3xg5 -5 g3xe5 -17
wssssspaabpggfggg e3xg5 -26
wssssspaafdggbggg a1-b2 -26 c3-d4 -30
wssssspaafibfgggg b4-c5 -3 b4-a5 -10
wssssspaafiffgggg f4-g5 9 b4-c5 7
wssssspaafpggbggg e3xg5 -51
wssssspaafpggfggg e3xg5 -49 g3xe5 -52
wssssspaagdfbgggg d2-e3 -13
wssssspfaadbggggg c3-d4 5 g3-f4 -2
wssssspfaadfggggg b2-c3 -30 g3-f4 -37
wssssspfaapbggggg g3xe5 2 e3xg5 -7
wssssspfaapfggggg g3xe5 -16 e3xg5 -44
wssssssaaaagggggg g3-f4 -3 c3-b4 -7
`;
