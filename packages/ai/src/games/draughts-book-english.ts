// The english opening book: generated, do not edit. Made by
//   npm run book:draughts -- --rules english --nodes 3000 --budget 3 --root-budget 10
// (bench/draughts-book.js; packages/ai/src/games/draughts-book-build.ts says how). 532 positions, 1064 searches of 3000 nodes (3 M nodes); ballots: 3.0 new positions each, to ply 2.3 after the ballot on average (max 6).
// Format: packages/ai/src/games/draughts-book.ts.
export const DRAUGHTS_BOOK_ENGLISH = `tactica-draughts-book 1 english
bssdsasdpbafbgggg 14x23 5
bssdsassaaaggbggg 7-10 4 6-9 -9
bssdsassaafgagggg 7-10 -1 11-15 -12
bssdsssdaabgggfgg 11-15 17 10-15 7
bssdsssdaafggfggg 10-15 8 11-16 1
bssdsssdaafgggbgg 10-15 3 11-16 -4
bssdsssdaafgggfgg 11-15 0 11-16 -12
bssdsssdabaggbggg 11-15 -3 10-15 -4
bssdsssdabbffgggg 10-15 14 11-16 -3
bssdsssdafaggbggg 11-16 -8 9-13 -13
bssdssspaabgggbgg 1-5 4 10-14 -3
bssdssspaafgggbgg 9-14 -7 11-15 -8
bssdssspaaggagggg 10-15 14 11-16 11
bssdssspabaggfggg 11-15 8 10-15 -5
bssdssspabfgagggg 11-15 11 10-15 11
bssdssspafaggbggg 11-16 11 10-15 -1
bssdssspafbbfgggg 11-15 14 11-16 2
bsspsasdpaagggfgg 7-10 -6 5-9 -12
bsspsasdpbafbgggg 15x22 -3 14x23 -5
bsspsdppdaaggbggg 16-20 4 8-12 -4
bsspsdppdfabbgggg 5-9 11 8-12 -1
bsspspddpbafbgggg 14x23 0 15x22 -15
bsspssipaafgagggg 7x23 16 8x24 4
bsspsssapabgggbgg 10-14 1 11-16 1
bsspsssapafgggbgg 11-16 -6 9-14 -13
bsspsssapbaggfggg 11-16 -3 10-14 -8
bsspsssapfaggbggg 11-16 -15 9-14 -17
bsspsssapfbffgggg 11-16 2 15-18 0
bsspsssbpaagbgggg 10x17 28 9x18 15
bsspsssdaafgggbgg 11-16 -5 11-15 -9
bsspsssdaaggagggg 11-15 5 11-16 5
bsspsssdabaggbggg 11-15 -3 11-16 -9
bsspsssdabbffgggg 11-16 5 9-13 0
bsspsssdafaggbggg 11-15 -4 2-6 -17
bsspsssdafbffgggg 11-16 13 14-18 0
bsspsssdafffbgggg 11-15 0 11-16 -7
bsspsssdaffffgggg 11-15 -4 11-16 -7
bsspsssfpaabggggg 10-14 -16 9-14 -27
bsspssspaafgggbgg 11-16 2 9-14 -13
bsspssspaafgggfgg 9-14 -4 11-15 -16
bsspssspaaggagggg 11-16 9 9-14 2
bsspssspabaggbggg 12-16 6 11-15 4
bsspssspabaggfggg 11-15 9 12-16 6
bsspssspabbffgggg 11-16 20 12-16 3
bsspssspabfgagggg 1-6 -1 11-15 -2
bsspssspafaggbggg 12-16 -2 11-15 -12
bsspssspafbbfgggg 10-15 5 11-15 -3
bsssdasdpbafbgggg 15x22 -21 14x23 -28
bsssdassaaaggbggg 6-10 -1
bsssdddddfaffgggg 16-20 -1 16-19 -2
bsssdddpdbafbgggg 6-9 18
bsssdddpdfabfgggg 6-9 3 5-9 -10
bsssddspdffgfbggg 6-9 -8 10-14 -10
bsssdpdasafgagggg 15x24 -11 16x23 -24
bsssdpdasfabfgggg 8-11 -1 6-10 -10
bsssdpdddbaaggggg 6-10 -8 8-11 -10
bsssdpddpbafbgggg 14x23 -13
bsssdsaasafgagggg 16x23 1
bsssdspafabgagbgg 10x19 10
bsssdssaafffbfggg 2-7 1 11-15 1
bsssdssadbaggbggg 9-14 -6 9-13 -6
bsssdssadbfffgggg 9-14 4
bsssdssadfbffgggg 9-14 -7 10-14 -11
bsssdssadffbfgggg 9-13 -5 9-14 -11
bsssdssadgafbgggg 9-14 4 3-7 2
bsssdssapabgggbgg 9-14 1 3-7 -10
bsssdssapafggfggg 9-14 3 10-14 0
bsssdssapbaggfggg 9-14 5 3-7 -1
bsssdssapfaggbggg 9-13 -8 11-16 -10
bsssdssapfaggfggg 11-16 2 9-14 -2
bsssdssapfbffgggg 12-16 0 9-14 -7
bsssdssdaafggfggg 9-13 11 11-16 0
bsssdssdabaggbggg 12-16 3 9-13 -10
bsssdssdabfffgggg 11-15 11
bsssdssdafaggbggg 11-15 -8 9-13 -11
bsssdssdafbffgggg 11-16 9
bsssdssdafffbgggg 11-15 1 11-16 -9
bsssdssdaffffgggg 9-13 -5 11-15 -19
bsssdssfpaabggggg 9-14 -14 11-16 -18
bsssppdasaaggbggg 6-10 -6 16-20 -14
bsssppdasaaggfggg 6-10 -2 9-14 -10
bsssppdasafgagggg 16x23 -4
bsssppddpaaggbggg 6-10 -6 14-18 -11
bsssppddpbafbgggg 15x22 -1 14x23 -12
bssspsaasfabbgggg 7-11 -5 15-19 -6
bssspssadafgggfgg 9-14 9 16-20 -4
bssspssadbaggfggg 9-14 18 9-13 9
bssspssadbbffgggg 9-13 20 10-14 7
bssspssadbfffgggg 10-15 3 9-14 3
bssspssadfaggbggg 9-13 -1 9-14 -12
bssspssadfbbfgggg 9-13 9 9-14 0
bssspssadfbffgggg 10-14 8 16-19 6
bssspssadffffgggg 10-14 9 10-15 -4
bssspssapabgggbgg 9-13 2 9-14 -4
bssspssapafgggbgg 9-14 1 9-13 -3
bssspssapbaggfggg 10-14 4 9-14 4
bssspssapbagggbgg 9-14 11 10-14 4
bssspssapfaggbggg 9-14 -10 4-8 -14
bssspssapfaggfggg 9-13 11 4-8 -1
bssspssapfbbfgggg 4-8 8 9-14 7
bssspssapfbffgggg 15-18 12 12-16 9
bssspssbdaabggggg 10x17 4 9x18 -7
bssspssbdaafggggg 9x18 9 10x17 6
bssspssbdaagbgggg 10x17 1 9x18 -6
bssssadaadbgafggg 12-16 -8 5-9 -22
bssssadaadfgafggg 7-11 -22
bssssadaaiabbfggg 7-11 -21 5-9 -22
bssssadpiaagagggg 6-9 9 8-11 7
bssssasaaiafgfggg 6-9 -16 11-15 -20
bssssasaaiffagggg 7-10 -9 5-9 -20
bssssasaaqabgbggg 17-21 2
bssssasaaqfafgggg 17-21 -1 6-10 -5
bssssasppabgggbgg 5-9 3 7-10 -25
bssssasppbaggfggg 5-9 -5 6-10 -12
bssssasppbfffgggg 15x24 -3
bssssasppfaggbggg 5-9 -1 6-9 -13
bssssasppffffgggg 15x24 -14
bssssasppgafbgggg 15x22 9 13x22 -3
bssssasqpaafggggg 7-10 -13 15-18 -18
bssssassaafggfggg 7-10 4 6-9 4
bssssbsaaabfffggg 6x15 9 7x14 -2
bssssbspaaabggggg 7x14 -1
bssssbspaaafggggg 7x14 -10 6x15 -18
bssssbspaaagbgggg 7x14 -6 6x15 -18
bssssbspaaagfgggg 7x14 -20 6x15 -26
bssssddaadgfagggg 8-11 -1 7-11 -7
bssssddaaiffagggg 8-11 -4 6-9 -4
bssssddadbfffbggg 5-9 -8 8-11 -11
bssssddddbffbgggg 16x23 11 14x23 -1
bssssddddbfffgggg 6-9 1 5-9 -4
bssssddddfaggbggg 5-9 9 8-11 4
bssssddddffffgggg 8-11 -7 6-9 -17
bssssdddpafggfggg 5-9 9 8-11 7
bssssdddpafgggbgg 8-11 1 6-9 -5
bssssdddpbfffgggg 15x24 15
bssssdddpfaggbggg 15-19 12
bssssddidaabggggg 16-19 8
bssssddipaabggggg 5-9 6 15-18 5
bssssddpabffbfggg 10-14 19 10-15 7
bssssddpabfgafggg 8-11 8 10-15 8
bssssddpdbfffgggg 6-9 1 8-11 -5
bssssddpdfbbfgggg 6-9 12 8-11 9
bssssddppabgggbgg 8-11 -5 6-9 -5
bssssddppafgggfgg 5-9 0 8-11 -15
bssssddppfaggbggg 8-11 -9 5-9 -14
bssssddppffffgggg 13x22 -10
bssssdidaaafggggg 8x15 7
bssssdidaaagbgggg 8x15 11
bssssdidaaagfgggg 7x16 6
bssssdipaaafggggg 7x16 1 8x15 -8
bssssdipaaagbgggg 7x16 4 8x15 -8
bssssdipaaagfgggg 7x16 4
bssssdpddfaggbggg 16-20 -4 8-12 -8
bssssdpidaabggggg 8-12 -2 16-20 -12
bssssdppagabbgbgg 11-15 10 10-14 4
bssssdppdabgggfgg 8-12 1
bssssdppdbaggbggg 6-9 5 5-9 2
bssssdppdbaggfggg 8-12 6 6-9 -8
bssssdppdbfffgggg 16-20 -2 8-12 -3
bssssdppdgabbgggg 6-9 3 10-14 -2
bssssdsaaafgbfggg 5-9 22 10-14 0
bssssdsaabafgbggg 6-9 1 10-14 -4
bssssdsdaafgfgggg 5-9 1 11-15 0
bssssdsdabafggggg 11-15 17 10-15 8
bssssfsaaafffbggg 5x14 -1 6x13 -8
bssssfsapaafggggg 5x14 2
bssssfsapaagbgggg 5x14 -5 6x13 -18
bssssidaaaiffgggg 5x14 4 6x13 -11
bssssidadaafggggg 6x13 -3 5x14 -9
bssssidadaagbgggg 6x13 -3 5x14 -9
bssssidapaafggggg 5x14 8
bssssidapaagbgggg 5x14 5 6x13 -9
bssssipadaafggggg 6x13 -3
bssssipadaagbgggg 6x13 1
bsssspaaabpfbgbgg 7-10 -26
bsssspaaafpbbgbgg 7-10 -14
bsssspaaafpfbgbgg 9-14 -9 7-10 -15
bsssspdaabpgbgbgg 7-10 7
bsssspdaadfgbfggg 7-11 -13
bsssspdafapgagggg 7-10 14 12-16 4
bsssspdasfbbfgggg 8-11 6
bsssspddabigfbggg 8-11 -2
bsssspdddafggfggg 8-11 8 9-13 6
bsssspdddbaggbggg 6-10 1 8-11 -8
bsssspdddbfffgggg 8-11 5 6-10 1
bsssspdddbfgagggg 14x23 4 16x23 -5
bsssspdddffffgggg 8-11 11
bsssspddiaagbgggg 6-10 10 7-10 -2
bsssspidaaafggggg 8x15 -5 7x16 -20
bsssspidaaagbgggg 8x15 -10 7x16 -20
bsssspidaaagfgggg 8x15 -3
bssssppaaaqgbgbgg 7-10 -1
bssssppaabagffgfg 9-14 20 6-10 7
bssssppasbaggfggg 16-20 15 16-19 -1
bssssppasfbbfgggg 15-19 9 6-10 1
bssssppasgabbgggg 7-10 -10 16-19 -11
bssssppddbaggbggg 8-12 1 6-10 -3
bsssspsaaafgbfggg 11-15 14 9-14 8
bsssspsaaafgfgfgg 9-14 -5 7-10 -15
bsssspsaabafgbggg 6-10 1 7-10 -4
bsssspsaabagbgbgg 7-10 10 9-14 6
bsssspsabfafbgggg 11x20 1
bsssspsapfafggggg 15-18 -5 9-14 -17
bssssqdaaabfffggg 7x14 -4 6x15 -5
bssssqdadaabggggg 7x14 6
bssssqdadaafggggg 6x15 -10 7x14 -20
bssssqdadaagbgggg 7x14 -1 6x15 -13
bssssqdadaagfgggg 6x15 -9 7x14 -19
bsssssaaaabgffgfg 9-14 11 8-11 9
bsssssaaaaqgfgbgg 8-12 7
bsssssdaaafgbfggg 8-11 16 10-15 4
bsssssdaaafgfgfgg 8-11 15 9-14 0
bsssssdaabafgbggg 8-11 12 9-14 5
bsssssdaabagbgbgg 9-14 19 12-16 10
bsssssdaabiffgggg 10-14 2 9-14 1
bsssssdaabigagggg 9-14 1 10-15 1
bsssssdaafafgfggg 8-11 15 10-14 11
bsssssdaafdggbggg 8-11 8 10-15 -5
bsssssdaafiffgggg 8-11 8 9-14 8
bsssssdbaabgagggg 9x18 -4
bsssssdfaadbggggg 7-11 -3 9-14 -7
bssssspaaafgbfggg 10-15 10 9-14 7
bssssspaabagbgbgg 9-14 15 11-15 11
bssssspaabdggbggg 10-15 13 9-14 12
bssssspaabifbgggg 11-15 17 9-14 3
bssssspaabigagggg 11-15 23
bssssspaafdggbggg 9-13 12 8-12 4
bssssspaagdfbgggg 9-14 21 10-14 17
bssssspabadgfgggg 9-14 8 10-15 3
bssssspaffabfgggg 10x19 -4
bssssspaffaffgggg 11x18 9
bssssspbaadfggggg 9x18 11 10x17 5
bssssspfaadbggggg 10-15 2 9-14 0
bssssssaaaagggggg 9-14 10 10-15 -3
wsdssssadgafbgggg 17-13 19
wssdddssaaaggbggg 23-18 8 23-19 -1
wssdsasdaaagdgggg 28x19 -4
wssdsasdaaaibgggg 25x9 16
wssdsasdpaafggggg 24-19 7 23-18 4
wssdsasdpaagbgggg 24-19 2 22-18 -4
wssdsassaaafggggg 25-22 10 26-22 -1
wssdsassaaagbgggg 22-17 16 24-19 4
wssdsddddaafggggg 25-22 3 23-19 0
wssdsddddaagbgggg 24-19 -9 22-18 -13
wssdsdssaafgggbgg 22-17 15 22-18 7
wssdspsdpbaggbggg 24-19 11 22-17 3
wssdspsppabgggbgg 21-17 10
wssdspsppfaggbggg 23-19 7 24-20 3
wssdssdadbfffbggg 18-14 7 29-25 3
wssdssdddafgggbgg 22-18 4
wssdssdddafgggfgg 22-18 12 22-17 -2
wssdssdddfaggbggg 24-20 7
wssdssddpafggfggg 24-20 5 30-26 -3
wssdssddpafgggfgg 22-18 8
wssdssdipaabggggg 22-18 12 23-18 4
wssdssdppafgggbgg 24-20 8 22-17 0
wssdssdppfaggbggg 23-19 -1 24-19 -9
wssdsssaaafgbfggg 27-23 0 30-26 -13
wssdsssaaafifgggg 25x18 1 26x17 -1
wssdsssdaabgfgggg 22-18 -9 28-24 -15
wssdsssdaafgbgggg 26-23 -1 27-23 -1
wssdsssdaafgfgggg 28-24 -2 27-24 -4
wssdsssdabafggggg 25-22 3 24-20 -9
wssdsssdafafggggg 25-22 15 23-18 0
wssdssspaabgfgggg 27-24 0 23-19 -8
wssdssspaafgbgggg 27-23 7 19-15 -6
wssdssspaafgfgggg 22-17 -1 27-24 -2
wssdssspabagbgggg 26-23 1 24-19 -8
wssdssspafabggggg 24-20 1 25-21 -4
wsspddsdpaagggfgg 23-18 9 22-18 8
wsspsasapabfffggg 27-24 20 21-17 1
wsspsasdaaaibgggg 26x10 0 25x9 -11
wsspsasdpaagbgggg 22-18 7 24-19 5
wsspsasdpaagfgggg 28-24 16 22-18 1
wsspsasppaafggggg 24-19 25 21-17 10
wsspsasppaagbgggg 24-19 21 26-23 21
wsspsasppaagfgggg 23-19 23 22-17 14
wsspsddpdaafggggg 24-19 10 21-17 6
wsspsddpdaagbgggg 22-18 3 24-19 -2
wsspsdppdaafggggg 25-22 3 23-19 1
wsspsdppdaagbgggg 21-17 -1 24-19 -2
wsspsdsdpfaggbggg 23-18 13 24-19 9
wsspsdssaaggagggg 22-17 -3 28-24 -3
wsspspdapaafqgggg 26x10 15 27x11 5
wsspspdasaafggggg 25-22 20 24-19 20
wsspspdasaagbgggg 26-23 11 24-19 9
wsspspdasaagfgggg 23-19 9 21-17 -1
wsspspddaaagdgggg 28x19 2
wsspspddaaaifgggg 25x18 19 26x10 16
wsspspddpaagbgggg 22-18 9 24-19 7
wsspspddpaagfgggg 23-19 7 22-18 4
wsspspdpiaagagggg 22-17 2 27-23 -2
wsspssdasfaggbggg 24-19 18 24-20 5
wsspssdddbfffgggg 26-22 3 27-24 -7
wsspssdddffffgggg 25-22 23 26-22 3
wsspssddpffffgggg 17-13 17 25-22 7
wsspssdpdbfffgggg 26-22 4 25-22 -1
wsspsssaaafibgggg 26x17 1
wsspsssaaafifgggg 25x18 5 26x17 4
wsspsssaabafgbggg 18-14 7 24-19 -1
wsspsssapabgfgggg 22-17 1 27-24 0
wsspsssapafgbgggg 22-18 12 27-23 9
wsspsssapbagbgggg 18-14 7 26-23 3
wsspsssapfabggggg 17-13 16 25-21 16
wsspsssapfafggggg 25-22 17 24-19 12
wsspsssdaabgfgggg 23-19 0 22-17 -7
wsspsssdaafgbgggg 27-23 5 22-17 2
wsspsssdaafgfgggg 22-17 12 27-24 4
wsspsssdabafggggg 25-22 5 24-20 -4
wsspsssdafafggggg 25-22 17 24-19 14
wsspssspaabgfgggg 23-19 0 22-17 -15
wsspssspaafgbgggg 27-23 7 24-20 0
wsspssspaafgfgggg 22-17 15 28-24 11
wsspssspabafggggg 25-22 4 24-20 -1
wsspssspabagbgggg 24-19 3 26-23 -4
wsspssspafabggggg 25-21 12 24-20 11
wsssasddpfaffgggg 17-13 19 25-22 14
wsssaspasfabbgggg 17-13 11 24-19 -4
wsssdasapaabqgggg 26x10 26 27x18 19
wsssdasdaaadggggg 26x10 26 25x9 12
wsssdasdaaafigggg 28x19 1 27x20 0
wsssdasdpaabggggg 22-18 21 23-18 18
wsssdasdpaafggggg 24-19 12 23-18 6
wsssdassaaabggggg 25-21 10 23-18 -2
wsssdassaaafggggg 23-18 13 24-19 -1
wsssdassaaagbgggg 22-17 20 22-18 11
wsssdassaaagfgggg 28-24 18 22-17 17
wsssdddddaagfgggg 22-17 1
wsssdddpdaafggggg 24-19 5 23-19 5
wsssdddpdaagbgggg 22-18 5 24-19 5
wsssdddpdaagfgggg 21-17 6 22-18 5
wsssddsddfbffgggg 25-22 7 28-24 4
wsssddsddffbfgggg 17-13 -1 25-21 -2
wsssddsdpafggfggg 22-17 2 22-18 0
wsssddspdffbfgggg 25-21 18 27-24 11
wsssddssaafggfggg 24-20 -3 30-26 -11
wsssddssaffffgggg 27-24 8 25-22 4
wsssdpdaadffbfggg 27-23 13 25-22 13
wsssdpdapaabqgggg 27x11 23 26x10 22
wsssdpdasaagfgggg 23-19 15 21-17 10
wsssdpddaaadggggg 26x10 26 25x18 14
wsssdpddaaafigggg 28x19 9 27x20 3
wsssdpdddaabggggg 22-18 14 24-20 7
wsssdpdddaafggggg 25-22 8 23-19 7
wsssdpdddaagbgggg 24-19 12 24-20 6
wsssdpdddaagfgggg 28-24 12
wsssdpddpaabggggg 22-18 25 23-18 14
wsssdpddpaafggggg 24-19 20 23-18 15
wsssdsaapaagpgggg 27x11 -2 26x19 -11
wsssdsaasaagfgggg 23-19 21
wsssdsddiaagbgggg 22-18 16 22-17 1
wsssdspddbaggbggg 29-25 -3 24-20 -3
wsssdssaabafgbggg 18-15 15 24-19 6
wsssdssaabagdgggg 28x19 -9 27x20 -22
wsssdssaafabigggg 27x20 8
wsssdssaafafqgggg 26x19 10
wsssdssadabgfgggg 22-17 18 22-18 5
wsssdssadafgfgggg 21-17 18 22-18 11
wsssdssadbafggggg 24-19 11 25-22 6
wsssdssadbagbgggg 22-17 8
wsssdssadfabggggg 24-19 8 23-19 3
wsssdssadfafggggg 23-19 18
wsssdssapabgfgggg 27-24 7 22-17 2
wsssdssapafgbgggg 26-23 9 22-18 3
wsssdssapbagbgggg 26-23 6 24-19 4
wsssdssapfabggggg 24-19 19 17-13 18
wsssdssapfafggggg 25-22 19 26-22 11
wsssdssdaabgfgggg 22-17 16
wsssdssdaafgbgggg 26-23 1 22-17 1
wsssdssdaafgfgggg 22-17 22 22-18 9
wsssdssdabafggggg 25-22 10 26-22 -1
wsssdssdafafggggg 24-19 21 25-22 20
wsssdssfaadbggggg 22-18 6 25-21 4
wssspdddpaafggggg 24-20 8 25-22 -7
wssspddppaafggggg 21-17 7 24-19 -1
wssspdsaadgfagggg 19-15 12 19-16 10
wssspdsaaiffagggg 19-15 11 25-22 8
wssspdsadbfffbggg 28-24 0 19-15 -10
wssspdsdpafgggbgg 24-20 0 22-18 -1
wssspdsdpfaggbggg 23-18 18
wssspdspdfaggbggg 23-18 2 24-20 0
wssspdsppfaggbggg 24-20 9 24-19 5
wsssppdadaafigggg 28x19 13 27x11 6
wsssppdasaafggggg 24-19 18 25-22 6
wsssppdasaagbgggg 24-19 6 26-23 2
wsssppddaaagdgggg 27x20 -3 28x19 -6
wsssppddpaafggggg 25-22 5 24-19 2
wsssppddpaagbgggg 24-19 5 22-18 -2
wsssppddpaagfgggg 23-19 5 22-18 -2
wsssppsddbaggbggg 29-25 -3 24-20 -9
wssspsaasaagbgggg 21-17 10 22-17 -1
wssspssaaafgfgfgg 22-18 0 27-24 -4
wssspssadabgfgggg 22-17 0 21-17 0
wssspssadafgfgggg 22-17 -5 28-24 -11
wssspssadbafggggg 24-19 4 24-20 0
wssspssadbagbgggg 18-14 -5 26-23 -7
wssspssadfabggggg 25-21 5 17-14 -2
wssspssadfafggggg 17-14 -1 25-22 -8
wssspssapabgfgggg 22-17 6 27-24 4
wssspssapafgbgggg 27-23 -1 24-20 -10
wssspssapbagbgggg 27-23 -10 26-23 -15
wssspssapfabggggg 25-21 12 24-20 6
wssspssapfafggggg 25-22 12 26-22 0
wssssaaaadpfagggg 26-22 -7 21-17 -8
wssssadaaaqfagggg 27-24 8 26-23 4
wssssadaadbfagggg 26-22 9 27-23 7
wssssadaadffagggg 26-22 26 27-23 13
wssssadaaiaabgggg 26-22 26 26-23 21
wssssasaaiafbgggg 24-19 12 26-23 7
wssssasaaqaaggggg 24-19 7 25-22 -3
wssssasdaabifgggg 26x10 22 25x9 4
wssssasdaafgfgfgg 27-24 15 23-18 13
wssssasdaafifgggg 25x9 31 26x10 19
wssssasdpabgfgggg 22-18 8
wssssaspaabgpgggg 26x19 -13 27x18 -22
wssssaspafafigggg 28x19 27
wssssasppabgfgggg 27-24 25 21-17 9
wssssasppbafggggg 18-14 18 24-19 13
wssssasppbagbgggg 26-23 16 22-17 13
wssssasppfabggggg 25-21 20 22-18 7
wssssasppfafggggg 24-19 23 25-22 12
wssssassaabgfgggg 23-18 15 22-17 8
wssssassaafgbgggg 26-23 -1 22-18 -6
wssssassaafgfgggg 22-17 21
wssssddaadffbgggg 24-20 3 19-15 0
wssssddaaiafbgggg 24-19 13 25-22 -1
wssssddadafifgggg 25x18 11
wssssddapabgpgggg 27x11 14 26x19 -5
wssssddapabifgggg 25x11 6 26x17 3
wssssddapafibgggg 25x11 2
wssssddapafifgggg 25x11 10 26x17 -1
wssssdddaabifgggg 25x9 16 26x17 -10
wssssdddabafigggg 28x19 10 18x9 7
wssssdddabafqgggg 26x19 2 18x9 -11
wssssdddafpggbggg 23x16 16
wssssddddafgbgggg 22-18 4 27-23 -7
wssssddddafgfgggg 22-18 -3 28-24 -15
wssssddddfabggggg 17-13 -8 25-21 -12
wssssddddfafggggg 24-19 11 25-22 7
wssssdddpabgfgggg 23-18 -3 22-18 -3
wssssdddpafgbgggg 27-23 4 26-23 2
wssssdddpafgfgggg 22-18 5 27-24 4
wssssdddpbafggggg 18x11 -2 18x9 -8
wssssdddpbagbgggg 18x11 -9 18x9 -12
wssssdddpfabggggg 17-13 -8 25-21 -12
wssssdddpfafggggg 25-22 10 23-19 -1
wssssddiaapbggggg 23x16 8
wssssddpaafibgggg 25x18 -13 26x17 -24
wssssddpafabqgggg 27x18 -1
wssssddpdafgbgggg 19-15 0 22-18 -2
wssssddpdafgfgggg 22-17 12 22-18 7
wssssddpdbafggggg 24-19 7 18-14 2
wssssddpdbagbgggg 18-15 -2 24-19 -3
wssssddpdfabggggg 23-19 13 24-20 -3
wssssddpdfafggggg 24-19 12
wssssddppabgfgggg 22-17 12 27-24 10
wssssddppafgbgggg 22-17 10 22-18 3
wssssddppafgfgggg 28-24 22 22-17 14
wssssddppfabggggg 25-21 17 24-19 -1
wssssddppfafggggg 25-22 17 24-19 10
wssssdpdbadgfgggg 23-18 3 16-12 -8
wssssdpddfabggggg 17-13 11 25-21 11
wssssdppaabgpgggg 26x19 -5
wssssdppafabqgggg 27x18 -10
wssssdppdabgfgggg 23-19 -1 28-24 -1
wssssdppdbafggggg 25-22 10 24-19 1
wssssdppdbagbgggg 21-17 -3 26-23 -6
wssssdppdfabggggg 23-19 13 22-18 -7
wssssdsaaaagqgggg 26x19 6
wssssdsaaaaiggggg 25x18 4
wssssdsdaaagggggg 24-19 -5 22-18 -8
wsssspaaabdfagggg 18-15 1 25-22 -8
wsssspaaabpfagggg 27-24 26
wsssspaaafpbagggg 27-24 10 26-23 2
wsssspaaafpfagggg 27-24 9 26-23 1
wsssspdaabpgagggg 18-15 -6 27-24 -7
wsssspdaadffbgggg 26-22 20 19-16 1
wsssspdaafdfbgggg 24-19 -3 25-22 -4
wsssspdadfabigggg 27x11 32 28x19 12
wsssspdadfafigggg 27x11 23 28x19 4
wsssspdapbigagggg 18x11 -1
wsssspdapfafqgggg 26x10 18 27x11 18
wsssspdasfabggggg 24-19 19 24-20 3
wsssspdasfafggggg 23-19 18 24-19 12
wsssspddaabifgggg 26x10 23 25x18 -7
wsssspddabiffgggg 27-24 6 25-22 2
wsssspddafafqgggg 17x10 8 27x18 0
wsssspdddafgbgggg 22-17 5 26-23 -8
wsssspdddafgfgggg 22-17 5 23-18 -4
wsssspdddbafggggg 25-22 9 24-19 4
wsssspdddbagbgggg 18-15 4 24-19 -4
wsssspddpabgfgggg 22-18 18 23-18 7
wssssppaaaqgagggg 27-24 7
wssssppaabpgagggg 26-23 1 18-14 0
wssssppadfqbfgggg 17-14 5 23-18 -9
wssssppasabgfgggg 21-17 -7 22-18 -10
wssssppasbagbgggg 26-23 2 21-17 0
wssssppddbafggggg 25-22 22
wssssppfpadbggggg 22-18 2 24-19 1
wsssspsaaaagigggg 28x19 5
wsssspsaaaagqgggg 26x19 -11 27x18 -15
wsssspsaaaaiggggg 25x18 4
wsssspsaadbgfgggg 23x14 24 22x15 9
wsssspsaadfgfgggg 23x14 30 22x15 17
wsssspsaafpfggggg 23x16 21 24x15 17
wsssspsaaiabggggg 23x14 24 22x15 21
wsssspsapaagggggg 24-19 14 22-17 14
wsssssaaaaqgagggg 26-23 3 27-23 -7
wsssssaaabdfbgggg 24-19 -4 18-15 -12
wsssssaaafdbbgggg 27-23 -11 25-21 -11
wsssssaaafdfbgggg 24-19 1 25-22 -11
wsssssdaaaagigggg 28x19 0 27x20 -12
wsssssdaaaagqgggg 26x19 -16 27x18 -18
wsssssdaaaaiggggg 25x18 -12 26x17 -13
wsssssdaaaigfgggg 22-18 6 19-16 -6
wsssssdaabdfggggg 24-19 8 18-15 -1
wsssssdaabdgbgggg 18-15 4 24-19 -1
wsssssdaabpfggggg 24x15 30 23x16 26
wsssssdaadbgfgggg 23x14 22 22x15 19
wsssssdaafdbggggg 17-13 7
wsssssdaafdfggggg 24-19 -8 25-22 -10
wsssssdaafpbggggg 23x16 10 24x15 1
wsssssdaafpfggggg 24x15 20 23x16 9
wssssspaaaagqgggg 27x18 -15 26x19 -22
wssssspaaaigfgggg 19-16 -5 27-24 -14
wssssspaabdfggggg 23-19 -10 25-22 -13
wssssspaabdgbgggg 24-19 -5 22-17 -10
wssssspaabpfggggg 24x15 1 23x16 -13
wssssspaafdbggggg 17-13 12
wssssspaafdfggggg 25-22 -5 17-14 -14
wssssspaafpbggggg 24x15 6 23x16 0
wssssspaafpfggggg 24x15 1 23x16 -9
`;
