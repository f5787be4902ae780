// The international opening book: generated, do not edit. Made by
//   npm run book:draughts -- --rules international --nodes 3000 --root-budget 120
// (bench/draughts-book.js; packages/ai/src/games/draughts-book-build.ts says how). 120 positions, 240 searches of 3000 nodes (1 M nodes); start: 120 positions, to ply 10.
// Format: packages/ai/src/games/draughts-book.ts.
export const DRAUGHTS_BOOK_INTERNATIONAL = `tactica-draughts-book 1 international
bsssdssssppasaffgafggggggg 23x34 -2
bsssdssssppasfaagfgbgggggg 13-18 8 17-21 7
bssspssssppasafaggfgfggggg 23-28 0 12-18 -2
bssspssssppasaffgafggggggg 24x33 16
bssspssssppddaabgfgggbgggg 15-20 -9 3-8 -13
bssspsssspsaaafafgfbgggggg 17-22 10 20-24 -5
bssspsssspsaaafafggffggggg 13-18 -6 19-24 -9
bssspsssspsaaafagfgagggggg 17-22 -2 20-24 -7
bssspsssspsaaafbbaggbggggg 19-23 -1 17-22 -3
bssspsssspsaaagaabfggggggg 3-8 -12 20-24 -15
bssspsssspsapafabgggfggggg 20-25 6 17-21 -7
bssssspdsspasafaggfgfggggg 7-12 3 17-21 -6
bssssspdsspasafbagggfggggg 9-13 3 7-12 2
bssssspdsspasafbbfgbgggggg 7-12 2 9-13 1
bssssspdsssaaafaaggggbgggg 20-24 -11 9-13 -16
bssssspdsssaaafabgffgggggg 7-12 1 17-21 1
bssssspsdpsasafabggggbgggg 8-12 -6 13-18 -8
bssssspsdpsasafbagggfggggg 13-18 -2 8-12 -5
bssssspsdpsasffaafgggggggg 8-12 4 10-15 1
bssssspsppspaabaffgggbgggg 19-23 0 20-24 -3
bssssspssaspaabaffgggbgggg 7-12 -3 11-17 -3
bssssspssaspaabafggbfggggg 11-17 -4 7-12 -7
bssssspssppadafaffggggbggg 7-12 -10 17-21 -11
bssssspssppadafagfgagggggg 15-20 -2 8-12 -7
bssssspssppasafabgggfggggg 13-18 -2 15-20 -3
bssssspssppasafagffggggggg 7-12 5 8-12 -4
bssssspssppasafbafgggggggg 15-20 12 13-18 5
bssssspssppasfaaffgggggggg 14-20 19 7-12 6
bssssspsspsaaabaffgbgggggg 17-21 -3 16-21 -3
bssssspsspsaaafaffgfgggggg 20-24 -2 8-12 -4
bssssspsspsapafabfgggggggg 20-24 8 8-12 2
bssssssdsassaaafgfgbgggggg 11-17 -5 8-13 -11
bssssssdsassaaafgfgfgggggg 21-27 11 11-17 -1
bssssssdsppadafabgfbgggggg 8-13 -13 12-18 -17
bssssssdsppddaaagggggbgggg 8-13 -13 15-20 -16
bssssssdspqdaaaaffgggggggg 15x24 -3 14x25 -8
bssssssdspsaaafaagfggggggg 8-13 -6 12-18 -9
bssssssdspsdaaafffgggggggg 20-24 0 17-21 -10
bsssssssddppdafabgggfggggg 18-22 4 19-23 0
bsssssssddppdagabagggggggg 11-17 17 10-15 15
bsssssssddspdagagbgggbgggg 11-17 -5 12-17 -6
bsssssssdqpaaaaagagfgggggg 12x23 8
bsssssssdqpadaaabfgggggggg 12x23 1 13x22 -5
bsssssssdqsadaaagggggbgggg 13x22 -17 12x23 -18
bsssssssdsiaaafagbgbbggggg 14x23 3 13x24 2
bsssssssdspaaaafgagfgggggg 18-23 12 17-21 9
bsssssssdspadafabfgggggggg 17-21 12 18-22 0
bsssssssdssaaaffgbgagggggg 18-22 -6 17-21 -8
bsssssssdssaaagagbgbbggggg 18-22 12 19-23 8
bsssssssdssadafagggggbgggg 18-22 7 17-21 -3
bssssssssqpadaaagggbgggggg 13x22 -12 12x23 -13
bssssssssqpadaabffgggggggg 12x23 5
bssssssssqsaaaaafggggggggg 13x22 -2
bssssssssqsaaaaagfgggggggg 12x23 -4
bssssssssspadafagggbgggggg 15-20 6 18-22 2
bssssssssspadafbffgggggggg 18-22 26
bsssssssssqaaaaagfgggggggg 15x24 8
bssssssssssaaaafgfgggggggg 18-23 4 20-24 -7
bssssssssssaaafafggggggggg 18-22 -2 20-24 -2
wsdsssssspsaaagaabfggggggg 38-32 9 39-33 6
wsssdssdsssaaafabgffgggggg 41-36 -1 34-30 -1
wsssdssssppadafaffggggbggg 40-34 10 33-29 3
wsssdssssppasafagffggggggg 33-29 5
wsssdssssppasfaaffgggggggg 37-32 -6 31-27 -14
wssspssdsssaaafafggffggggg 37-32 15 42-38 13
wssspsssdpsasafbagggfggggg 37-32 0 33-29 -5
wssspsssdpsasffaafgggggggg 37-32 -1 40-34 -6
wssspssssasppafabgggfggggg 44-40 4 34-29 0
wssspssssassaaafgfgbgggggg 32-28 11
wssspsssspdapafbbaggbggggg 38-33 8 40-34 -1
wssspssssppadagaabfggggggg 41-36 11 39-33 10
wssspssssppappfabgggfggggg 34-30 7 36-31 -6
wssspssssppasafagffggggggg 40-34 0 33-29 0
wssspssssppddaaagggggbgggg 34-30 13 31-27 9
wssspsssspsaaafaagfggggggg 33-28 15 37-31 14
wssspsssspsaaafabdgggggggg 39x30 6
wssspsssspsaaafaffgfgggggg 40-34 2 37-32 0
wssspsssspsapafabfgggggggg 40-34 2 33-29 2
wssssdppspsasaaaffgggggggg 33-29 -8 37-32 -21
wsssspsssdppdagabagggggggg 39-34 -4 38-33 -17
wsssssddspssaaafgfgbgggggg 39-34 6 31-27 -9
wsssssdsdsppdagabagggggggg 40-34 -10 39-34 -11
wsssssdsdsspdagagbgggbgggg 34-30 -3 38-33 -5
wssssspddssasafbagggfggggg 33-29 1 37-32 -6
wssssspdsdspaafabgffgggggg 41-36 18 42-38 7
wssssspdsspadafaaggggbgggg 33-29 23
wssssspdsspapafabqggfggggg 38x29 5 39x28 2
wssssspdsspasafabgggfggggg 33-29 3 36-31 -3
wssssspdsspasafbafgggggggg 37-32 -2 40-34 -7
wssssspdsssaaafaagfggggggg 41-36 16 38-32 16
wssssspsdpsasaaagggggbgggg 34-29 17 31-27 13
wssssspsdpsasafabgggfggggg 33-29 16 34-29 3
wssssspsdpsasafbafgggggggg 40-34 -1 30-25 -4
wssssspsdsspdagagbgggbgggg 31-26 13 39-33 0
wssssspsppspaabaffgbgggggg 41-37 1 40-34 -12
wssssspssappdafaffggggbggg 37-32 6 48-43 -1
wssssspssaspaabaffgbgggggg 41-37 7 40-34 4
wssssspssppadafaffgfgggggg 43-38 14 37-32 10
wssssspssppasaaagggbgggggg 33-29 12 34-29 7
wssssspssppasaabffgggggggg 31-27 -5 30-25 -6
wssssspssppasafabfgggggggg 36-31 4 40-34 2
wssssspsspsaaaaaifgggggggg 38x27 -5 37x28 -10
wssssspsspsapaaagfgggggggg 31-27 9 32-28 4
wssssssasppdapaaffgggggggg 31-27 3 35-30 -3
wssssssddppddaaaffgggggggg 33-28 -1 31-27 -3
wssssssddpsddaaagggggbgggg 31-27 20 33-29 12
wssssssdsassaaafffgggggggg 37-32 5 38-32 -4
wssssssdsppddaaagggbgggggg 41-37 9 31-27 7
wssssssdspsaaaaapggggggggg 36x27 7
wssssssdspsdaaaafggggggggg 31-27 12 34-29 6
wsssssssddppaaafgagfgggggg 29-24 -5 42-38 -15
wsssssssddppdafabfgggggggg 33-28 -5 40-34 -8
wsssssssddspaaffgbgagggggg 41-37 13 42-38 6
wsssssssddspdafagggggbgggg 33-28 7 33-29 -1
wsssssssdspaaaaagpgggggggg 38x29 -12
wsssssssdspadaaagfgggggggg 33-29 -1 31-27 -13
wsssssssdssaaafagqgbgggggg 39x28 -6 38x29 -16
wsssssssdssadafagggbgggggg 33-29 6 41-37 3
wssssssssspadafafggggggggg 34-30 -6 37-32 -10
wssssssssssaaaaagggggggggg 34-29 2 32-27 -2
`;
