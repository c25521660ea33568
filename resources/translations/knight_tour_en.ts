<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Messages</name>
    <message numerus="yes">
        <source>the search is exhausted: %n tours in all from %2</source>
        <comment>exhausted-after-tours</comment>
        <translation>
            <numerusform>the search is exhausted: %n tour in all from %2</numerusform>
            <numerusform>the search is exhausted: %n tours in all from %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stuck on %2 after %n moves: no unvisited square is a knight&apos;s move away, and greedy does not backtrack</source>
        <comment>stuck</comment>
        <translation>
            <numerusform>stuck on %2 after %n move: no unvisited square is a knight&apos;s move away, and greedy does not backtrack</numerusform>
            <numerusform>stuck on %2 after %n moves: no unvisited square is a knight&apos;s move away, and greedy does not backtrack</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the budget of %n pushes is used up</source>
        <comment>budget-nodes</comment>
        <translation>
            <numerusform>the budget of %n push is used up</numerusform>
            <numerusform>the budget of %n pushes is used up</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>saved mid-search after %n pushes</source>
        <comment>saved-mid-search</comment>
        <translation>
            <numerusform>saved mid-search after %n push</numerusform>
            <numerusform>saved mid-search after %n pushes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n events</source>
        <comment>solver-events</comment>
        <translation>
            <numerusform>%n event</numerusform>
            <numerusform>%n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tours, every event legal; then %2</source>
        <comment>solver-tours-then</comment>
        <translation>
            <numerusform>%n tour, every event legal; then %2</numerusform>
            <numerusform>%n tours, every event legal; then %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no board with %n rows or columns has a closed tour (Schwenk&apos;s theorem)</source>
        <comment>closed-narrow</comment>
        <translation>
            <numerusform>no board with %n row or column has a closed tour (Schwenk&apos;s theorem)</numerusform>
            <numerusform>no board with %n rows or columns has a closed tour (Schwenk&apos;s theorem)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n candidates of %2 tried</source>
        <comment>pop-exhausted</comment>
        <translation>
            <numerusform>the only candidate of %2 tried</numerusform>
            <numerusform>all %n candidates of %2 tried</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its %n candidates (%2) all led to no tour</source>
        <comment>pop-why-all-failed</comment>
        <translation>
            <numerusform>its only candidate (%2) led to no tour</numerusform>
            <numerusform>its %n candidates (%2) all led to no tour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its %n candidates (%2) were all dead ends</source>
        <comment>pop-why-dead-ends</comment>
        <translation>
            <numerusform>its only candidate (%2) was a dead end</numerusform>
            <numerusform>its %n candidates (%2) were all dead ends</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The stack is empty: the search is over (%n tours found)</source>
        <comment>event-exhausted</comment>
        <translation>
            <numerusform>The stack is empty: the search is over (%n tour found)</numerusform>
            <numerusform>The stack is empty: the search is over (%n tours found)</numerusform>
        </translation>
    </message>
</context>
</TS>
