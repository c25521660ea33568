<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Play or pause the search</source>
        <translation>播放或暂停搜索</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <source>Apply one event: a move or a backtrack</source>
        <translation>执行一个事件：走一步或回溯一步</translation>
    </message>
    <message>
        <source>Step &amp;back</source>
        <translation>后退一步(&amp;B)</translation>
    </message>
    <message>
        <source>Undo one event</source>
        <translation>撤销一个事件</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>走完(&amp;F)</translation>
    </message>
    <message>
        <source>Run to the end of the search as fast as possible</source>
        <translation>以最快速度运行到搜索结束</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <source>Back to the start square with a fresh search</source>
        <translation>回到起点，重新开始搜索</translation>
    </message>
    <message>
        <source>F&amp;aster</source>
        <translation>加快(&amp;A)</translation>
    </message>
    <message>
        <source>Play faster</source>
        <translation>播放得更快</translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation>减慢(&amp;L)</translation>
    </message>
    <message>
        <source>Play slower</source>
        <translation>播放得更慢</translation>
    </message>
    <message>
        <source>&amp;Export PNG…</source>
        <translation>导出 PNG(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the board as a PNG image</source>
        <translation>把棋盘保存为 PNG 图片</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit Knight&apos;s Tour</source>
        <translation>退出马踏棋盘</translation>
    </message>
    <message>
        <source>&amp;Row and column numbers</source>
        <translation>行列下标(&amp;R)</translation>
    </message>
    <message>
        <source>Label the board with 0-based row and column indices, as the course programs print them, instead of a..h and 8..1</source>
        <translation>用从 0 开始的行号和列号标注棋盘（与课程程序的输出一致），而不是 a..h 和 8..1</translation>
    </message>
    <message>
        <source>&amp;Candidates</source>
        <translation>候选格(&amp;C)</translation>
    </message>
    <message>
        <source>Outline the squares the knight may go to next, with their Warnsdorff degree</source>
        <translation>框出马下一步可以去的格子，并标出它们的 Warnsdorff 度数</translation>
    </message>
    <message>
        <source>&amp;About Knight&apos;s Tour</source>
        <translation>关于马踏棋盘(&amp;A)</translation>
    </message>
    <message>
        <source>About this program</source>
        <translation>关于本程序</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <source>%s of the board (changing it clears the board)</source>
        <translation>棋盘的%s（修改后会清空棋盘）</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>How the knight chooses its next square</source>
        <translation>马如何选择下一格</translation>
    </message>
    <message>
        <source>Tie-break rule</source>
        <translation>并列时的选择规则</translation>
    </message>
    <message>
        <source>Which of several equally good squares to try first</source>
        <translation>几个度数相同的格子中先试哪一个</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>闭合</translation>
    </message>
    <message>
        <source>Look for a closed tour: the last square a knight&apos;s move from the start</source>
        <translation>寻找闭合巡游：最后一格与起点相距一步马步</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Events per second (+ and − change it too)</source>
        <translation>每秒事件数（也可以用 + 和 − 调整）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>分析(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>棋盘</translation>
    </message>
    <message>
        <source>Ties</source>
        <translation>并列</translation>
    </message>
    <message>
        <source>Move %d of %d</source>
        <translation>第 %d 步，共 %d 步</translation>
    </message>
    <message>
        <source>Pushes %s · Pops %s</source>
        <translation>入栈 %s · 出栈 %s</translation>
    </message>
    <message>
        <source>Depth %d (max %d)</source>
        <translation>栈深 %d（最大 %d）</translation>
    </message>
    <message>
        <source>Time %.3f s</source>
        <translation>用时 %.3f 秒</translation>
    </message>
    <message>
        <source>Click a square to place the knight.</source>
        <translation>单击一个格子放下马。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Knight on %s. Press Space to play, → to step.</source>
        <translation>马在 %s。按空格键播放，按 → 单步。</translation>
    </message>
    <message>
        <source>Paused.</source>
        <translation>已暂停。</translation>
    </message>
    <message>
        <source>Closed tour complete</source>
        <translation>闭合巡游完成</translation>
    </message>
    <message>
        <source>Tour complete</source>
        <translation>巡游完成</translation>
    </message>
    <message>
        <source> (tour #%d)</source>
        <translation>（第 %d 个巡游）</translation>
    </message>
    <message>
        <source>%s%s: %d squares, %s backtracks</source>
        <translation>%s%s：共 %d 格，回溯 %s 次</translation>
    </message>
    <message>
        <source>Stuck after %d moves (greedy does not backtrack)</source>
        <translation>走了 %d 步后无路可走（贪心算法不回溯）</translation>
    </message>
    <message>
        <source>Search stopped: %s</source>
        <translation>搜索已停止：%s</translation>
    </message>
    <message>
        <source>All tours found from %s: %d</source>
        <translation>从 %s 出发的巡游已全部找到：%d 个</translation>
    </message>
    <message>
        <source>No tour from %s on %s: %s</source>
        <translation>从 %s 出发，在 %s 棋盘上没有巡游：%s</translation>
    </message>
</context>
<context>
    <name>BoardWidget</name>
    <message>
        <source>Chessboard</source>
        <extracomment>How long a backtracked square glows red, in seconds. a square was clicked or chosen with the keyboard the square under the mouse, or None</extracomment>
        <translation>国际象棋棋盘</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <extracomment>the choice: ``system`` or a language code</extracomment>
        <translation>语言 Language(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System default</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Show the program in this language</source>
        <translation>用这种语言显示本程序</translation>
    </message>
    <message>
        <source>Use the language of the system</source>
        <translation>使用系统的语言</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>max</source>
        <extracomment>Largest side offered in the window.</extracomment>
        <translation>最快</translation>
    </message>
    <message>
        <source>Knight&apos;s Tour — %s</source>
        <translation>马踏棋盘 — %s</translation>
    </message>
    <message>
        <source>About Knight&apos;s Tour</source>
        <translation>关于马踏棋盘</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Knight&apos;s Tour&lt;/h3&gt;&lt;p&gt;Watch a stack-based search walk the knight over every square of the board, one push and one backtrack at a time.&lt;/p&gt;&lt;p&gt;Click a square to place the knight, then press Space.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;马踏棋盘&lt;/h3&gt;&lt;p&gt;观看基于栈的搜索让马走遍棋盘的每一格，每次入栈一步、回溯一步。&lt;/p&gt;&lt;p&gt;单击一个格子放下马，然后按空格键。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Saved %s</source>
        <translation>已保存 %s</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <source>Warnsdorff</source>
        <extracomment>follow the system locale The languages offered, each named in itself (never translated). any text → (context, source) (context, source, translation) Display names and one-line descriptions of the algorithms and tie-break rules, by the model&apos;s identifiers (which the command line uses as they are).</extracomment>
        <translation>Warnsdorff 规则</translation>
    </message>
    <message>
        <source>Classic (course)</source>
        <translation>经典（课程版）</translation>
    </message>
    <message>
        <source>Backtracking</source>
        <translation>纯回溯</translation>
    </message>
    <message>
        <source>Greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule (fewest onward moves first) with backtracking</source>
        <translation>Warnsdorff 规则（先走出口最少的格子），可以回溯</translation>
    </message>
    <message>
        <source>The course programs&apos; rule: Warnsdorff, ties in the fixed move order, with backtracking</source>
        <translation>课程程序的规则：Warnsdorff 规则，度数相同时按固定的走法顺序，可以回溯</translation>
    </message>
    <message>
        <source>Plain depth-first search in the fixed move order, no heuristic (can take very long)</source>
        <translation>按固定走法顺序的朴素深度优先搜索，不用启发规则（可能非常慢）</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule without backtracking: may get stuck</source>
        <translation>不回溯的 Warnsdorff 规则：可能走进死路</translation>
    </message>
    <message>
        <source>Fixed order</source>
        <translation>固定顺序</translation>
    </message>
    <message>
        <source>Roth</source>
        <translation>Roth 规则</translation>
    </message>
    <message>
        <source>Pohl</source>
        <translation>Pohl 规则</translation>
    </message>
    <message>
        <source>The fixed move order (−2,+1), (−1,+2), (+1,+2), (+2,+1), (+2,−1), (+1,−2), (−1,−2), (−2,−1)</source>
        <translation>固定的走法顺序 (−2,+1)、(−1,+2)、(+1,+2)、(+2,+1)、(+2,−1)、(+1,−2)、(−1,−2)、(−2,−1)</translation>
    </message>
    <message>
        <source>The square farthest from the board&apos;s centre first (Arnd Roth)</source>
        <translation>先走离棋盘中心最远的格子（Arnd Roth）</translation>
    </message>
    <message>
        <source>The smallest sum of the degrees of the square&apos;s own onward squares first (Ira Pohl)</source>
        <translation>先走其后继格度数之和最小的格子（Ira Pohl）</translation>
    </message>
</context>
<context>
    <name>Reasons</name>
    <message>
        <source>a closed tour needs a last move back to the start, and a 1×1 board has no moves</source>
        <extracomment>Why a search ended, by Outcome.code: translatable templates for the reasons the model words in English. Arguments: see ``outcome_reason``.</extracomment>
        <translation>闭合巡游的最后一步要跳回起点，而 1×1 棋盘上马无步可走</translation>
    </message>
    <message>
        <source>%s has an odd number of squares (%d); a closed tour alternates colours, so it needs as many squares of each colour (Schwenk&apos;s theorem)</source>
        <translation>%s 棋盘的格数为奇数（%d 格）；闭合巡游黑白格交替，两种颜色的格子必须一样多（Schwenk 定理）</translation>
    </message>
    <message>
        <source>no board with %d rows or columns has a closed tour (Schwenk&apos;s theorem)</source>
        <translation>行数或列数为 %d 的棋盘都没有闭合巡游（Schwenk 定理）</translation>
    </message>
    <message>
        <source>3×%d boards have no closed tour (Schwenk&apos;s theorem: 3×4, 3×6 and 3×8 are the exceptions among 3-row boards)</source>
        <translation>3×%d 棋盘没有闭合巡游（Schwenk 定理：3 行的棋盘中 3×4、3×6 和 3×8 是例外）</translation>
    </message>
    <message>
        <source>on %s every knight move leaves the board, so the knight cannot move at all</source>
        <translation>在 %s 棋盘上马的每一步都会跳出棋盘，马根本无法移动</translation>
    </message>
    <message>
        <source>a board with 2 rows or columns splits into short chains a knight cannot join, so %s has no tour</source>
        <translation>只有 2 行或 2 列的棋盘会分成马无法连起来的几条短链，所以 %s 棋盘没有巡游</translation>
    </message>
    <message>
        <source>the centre of 3×3 is not a knight&apos;s move from any square</source>
        <translation>3×3 棋盘的中心格不能由任何格子一步跳到</translation>
    </message>
    <message>
        <source>%s has no knight&apos;s tour from any square (Cull and De Curtins; Conrad et al.)</source>
        <translation>%s 棋盘从任何格子出发都没有马的巡游（Cull 与 De Curtins；Conrad 等）</translation>
    </message>
    <message>
        <source>%s has %d squares of the corners&apos; colour and %d of the other; a tour alternates colours, so it must start on the corners&apos; colour and %s is not</source>
        <translation>%s 棋盘上与角格同色的格子有 %d 个，另一种颜色有 %d 个；巡游黑白格交替，必须从角格的颜色出发，而 %s 不是这种颜色</translation>
    </message>
    <message>
        <source>tour #%d found</source>
        <translation>找到第 %d 个巡游</translation>
    </message>
    <message>
        <source>stuck on %s after %d moves: no unvisited square is a knight&apos;s move away, and greedy does not backtrack</source>
        <translation>在 %s 走了 %d 步后无路可走：一步马步之内没有未访问的格子，而贪心算法不回溯</translation>
    </message>
    <message>
        <source>the search is exhausted: %d tours in all from %s</source>
        <translation>搜索已穷尽：共找到 %d 个巡游，起点 %s</translation>
    </message>
    <message>
        <source>the search is exhausted: no tour starts on %s of %s</source>
        <translation>搜索已穷尽：没有从 %s 出发的巡游（%s 棋盘）</translation>
    </message>
    <message>
        <source>the budget of %s pushes is used up</source>
        <translation>%s 次入栈的预算已用完</translation>
    </message>
    <message>
        <source>the budget of %s s is used up</source>
        <translation>%s 秒的时间预算已用完</translation>
    </message>
</context>
</TS>
