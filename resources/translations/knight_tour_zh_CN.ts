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
        <source>Export S&amp;VG…</source>
        <translation>导出 SVG(&amp;V)…</translation>
    </message>
    <message>
        <source>Export &amp;Animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the search as an animation for slides and the web: GIF, WebP, APNG or MP4</source>
        <translation>把搜索过程保存为动画，用于幻灯片和网页：GIF、WebP、APNG 或 MP4</translation>
    </message>
    <message>
        <source>&amp;Caption on exported images</source>
        <translation>导出图片附说明文字(&amp;C)</translation>
    </message>
    <message>
        <source>Put a line under exported images: board, start, algorithm and tie-break, pushes and pops</source>
        <translation>在导出的图片下方加一行说明：棋盘、起点、算法与并列规则、入栈与出栈次数</translation>
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
        <source>&amp;Heatmap</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <source>Colour the board by the results of Solve from every square (a new search hides it)</source>
        <translation>按“从每个格子求解”的结果为棋盘着色（开始新的搜索时隐藏）</translation>
    </message>
    <message>
        <source>Count every tour from the knight&apos;s start square (boards of at most %d squares)</source>
        <translation>统计从马的起点出发的全部巡游（只限不超过 %d 格的棋盘）</translation>
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
        <source>%s tries the squares in a fixed order: there is no tie to break (Warnsdorff&apos;s rule has ties)</source>
        <translation>%s 按固定顺序试探各格：没有并列需要打破（Warnsdorff 规则才有并列）</translation>
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
        <source>Stop, or reset</source>
        <translation>停止或重置</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
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
        <source>Move %s of %s</source>
        <translation>第 %s 步，共 %s 步</translation>
    </message>
    <message>
        <source>Depth %s (max %s)</source>
        <translation>栈深 %s（最大 %s）</translation>
    </message>
    <message>
        <source>%s events/s · %s s</source>
        <translation>每秒 %s 个事件 · %s 秒</translation>
    </message>
    <message>
        <source>Run %s s (wall) · search %s s (CPU)</source>
        <translation>运行 %s 秒（实际时间）· 搜索 %s 秒（CPU）</translation>
    </message>
    <message>
        <source>Replaying recorded events…</source>
        <translation>正在重放已记录的事件…</translation>
    </message>
    <message>
        <source>Replaying recorded events… %s%%</source>
        <translation>正在重放已记录的事件… %s%%</translation>
    </message>
    <message>
        <source>Searching… %s%% of the way to move %s</source>
        <translation>正在搜索… 已完成 %s%%，目标是第 %s 步</translation>
    </message>
    <message>
        <source>Searching… may take hours (no tour in %s s). Esc stops.</source>
        <translation>正在搜索… 可能要花几个小时（%s 秒内未找到巡游路线）。按 Esc 停止。</translation>
    </message>
    <message>
        <source>%s%s: %s, %s</source>
        <translation>%s%s：%s，%s</translation>
    </message>
    <message>
        <source>No tour from %s on %s: every way was tried, %s; the longest path covered %s of %s squares</source>
        <translation>从 %s 出发，在 %s 棋盘上没有巡游：所有走法都已试过，%s；最长的路线走过了 %s 格（共 %s 格）</translation>
    </message>
    <message>
        <source>Pushes %s · Pops %s</source>
        <translation>入栈 %s · 出栈 %s</translation>
    </message>
    <message>
        <source>The speed of Play. Finish (End), Run to next backtrack (Ctrl+B) and Go to move (Ctrl+G) run at the maximum speed.</source>
        <translation>播放的速度。走完（End）、运行到下一次回溯（Ctrl+B）和转到第几步（Ctrl+G）以最高速度运行。</translation>
    </message>
    <message>
        <source>%s never goes back, so it cannot look for a closed tour: choose another algorithm</source>
        <translation>%s从不回溯，所以无法寻找闭合巡游：请另选一种算法</translation>
    </message>
    <message>
        <source>Play Yourself is off. Your path is kept: Play Yourself (Ctrl+Shift+P) takes it up again. Edit ▸ Undo (Ctrl+Z) brings back the search it put aside.</source>
        <translation>“自己走”已关闭。你的路线已保留：再开“自己走”（Ctrl+Shift+P）就能接着走。编辑 ▸ 撤销（Ctrl+Z）可找回它放在一边的搜索。</translation>
    </message>
    <message>
        <source>Play Yourself is off. Your path is kept: Play Yourself (Ctrl+Shift+P) takes it up again.</source>
        <translation>“自己走”已关闭。你的路线已保留：再开“自己走”（Ctrl+Shift+P）就能接着走。</translation>
    </message>
    <message>
        <source>Play Yourself is off. Edit ▸ Undo (Ctrl+Z) brings back the search it put aside.</source>
        <translation>“自己走”已关闭。编辑 ▸ 撤销（Ctrl+Z）可找回它放在一边的搜索。</translation>
    </message>
    <message>
        <source>Place the knight first: click a square, then End runs to its first tour</source>
        <translation>先放下马：点击一个格子，然后按 End 运行到它的第一个巡游</translation>
    </message>
    <message>
        <source>Next tour goes on from a tour: none is shown yet (End runs to the first)</source>
        <translation>“下一个巡游”从一个巡游继续：现在还没有显示巡游（按 End 运行到第一个）</translation>
    </message>
    <message>
        <source>The search is over: there is no next tour to go on to</source>
        <translation>搜索已经结束：没有下一个巡游可以继续</translation>
    </message>
    <message>
        <source>%s stops at its tour: it does not search on, so there is no next tour</source>
        <translation>%s在它的巡游处停下：它不再继续搜索，所以没有下一个巡游</translation>
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
        <source>Searching at full speed to the end… Esc stops.</source>
        <translation>正在全速搜索，直到结束… 按 Esc 停止。</translation>
    </message>
    <message>
        <source>Searching at full speed to the next backtrack… Esc stops.</source>
        <translation>正在全速搜索，直到下一次回溯… 按 Esc 停止。</translation>
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
        <translation> （第 %d 个巡游）</translation>
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
    <message>
        <source>Analysis</source>
        <comment>tour</comment>
        <translation>找到巡游</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>no tour</comment>
        <translation>无巡游</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>out of budget</comment>
        <translation>超出预算</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>impossible</comment>
        <translation>不可能</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>stuck</comment>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>Outcome</comment>
        <translation>结果</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>Pushes</comment>
        <translation>入栈</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>Pops (backtracks)</comment>
        <translation>出栈（回溯）</translation>
    </message>
    <message>
        <source>Analysis</source>
        <comment>Time</comment>
        <translation>用时</translation>
    </message>
    <message>
        <source>Solve from every square</source>
        <translation>从每个格子出发求解</translation>
    </message>
    <message>
        <source>Run the chosen algorithm from each start square in turn (Ctrl+A)</source>
        <translation>依次从每个起点运行所选算法 (Ctrl+A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the run; the starts finished so far stay</source>
        <translation>停止运行；已完成的起点保留</translation>
    </message>
    <message>
        <source>Cancel the run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <source>Budget per start</source>
        <translation>每个起点的预算</translation>
    </message>
    <message>
        <source>Most pushes a search from one start may make; starts that need more are marked out of budget (plain backtracking can take hours)</source>
        <translation>从一个起点搜索时最多允许的入栈次数；需要更多的起点标记为超出预算（纯回溯可能要几个小时）</translation>
    </message>
    <message>
        <source>Colour squares by</source>
        <translation>格子颜色表示</translation>
    </message>
    <message>
        <source>What the colour of each start square on the board shows</source>
        <translation>棋盘上每个起点格的颜色表示什么</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>颜色表示</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Start squares done</source>
        <translation>已完成的起点</translation>
    </message>
    <message>
        <source>Solve from every square to see, for each start, whether and how fast the search finds a tour.</source>
        <translation>从每个格子出发求解，看看从各个起点能否找到巡游、找得多快。</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Square under the mouse</source>
        <translation>鼠标下的格子</translation>
    </message>
    <message>
        <source>Results per start square</source>
        <translation>各起点的结果</translation>
    </message>
    <message>
        <source>Click a row to outline its square; double-click to watch that start</source>
        <translation>单击一行在棋盘上框出该格；双击观看从该起点的搜索</translation>
    </message>
    <message>
        <source>Show or hide the colours on the board</source>
        <translation>显示或隐藏棋盘上的颜色</translation>
    </message>
    <message>
        <source>Show heatmap</source>
        <translation>显示热力图</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>保存 CSV…</translation>
    </message>
    <message>
        <source>Save one row per start square as a CSV file</source>
        <translation>把每个起点一行保存为 CSV 文件</translation>
    </message>
    <message>
        <source>Save CSV</source>
        <translation>保存 CSV</translation>
    </message>
    <message>
        <source>Count all tours</source>
        <translation>统计全部巡游</translation>
    </message>
    <message>
        <source>Count every tour from the knight&apos;s start square, exactly (small boards only)</source>
        <translation>精确统计从马的起点出发的全部巡游（仅限小棋盘）</translation>
    </message>
    <message>
        <source>Stop counting</source>
        <translation>停止计数</translation>
    </message>
    <message>
        <source>Cancel counting</source>
        <translation>取消计数</translation>
    </message>
    <message>
        <source>Counting progress</source>
        <translation>计数进度</translation>
    </message>
    <message>
        <source>Busy while counting; the time so far is shown</source>
        <translation>计数进行中，显示已用时间</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Solve from &amp;every square</source>
        <translation>从每个格子出发求解(&amp;E)</translation>
    </message>
    <message>
        <source>Run the search from each start square and colour the board by the outcome</source>
        <translation>从每个起点运行搜索，并按结果给棋盘着色</translation>
    </message>
    <message>
        <source>&amp;Compare algorithms</source>
        <translation>比较算法(&amp;C)</translation>
    </message>
    <message>
        <source>Run every algorithm and tie-break rule from the knight&apos;s start square and compare pushes, pops and time</source>
        <translation>从马的起点运行每种算法和并列规则，比较入栈、出栈次数和用时</translation>
    </message>
    <message>
        <source>&amp;Next tour</source>
        <translation>下一个巡游(&amp;N)</translation>
    </message>
    <message>
        <source>Go on searching from the tour shown to the next different tour</source>
        <translation>从当前巡游继续搜索下一个不同的巡游</translation>
    </message>
    <message>
        <source>C&amp;ount all tours</source>
        <translation>统计全部巡游(&amp;O)</translation>
    </message>
    <message>
        <source>Analysis &amp;panel</source>
        <translation>分析面板(&amp;P)</translation>
    </message>
    <message>
        <source>Show or hide the Analysis panel</source>
        <translation>显示或隐藏分析面板</translation>
    </message>
    <message>
        <source>Chessboard</source>
        <translation>国际象棋棋盘</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Enlarge the board (the mouse wheel zooms too)</source>
        <translation>放大棋盘（也可以用鼠标滚轮缩放）</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Shrink the board</source>
        <translation>缩小棋盘</translation>
    </message>
    <message>
        <source>&amp;Fit board</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Show the whole board (after zooming with the wheel or dragging)</source>
        <translation>显示整个棋盘（用滚轮缩放或拖动之后）</translation>
    </message>
    <message>
        <source>Save the board as an SVG drawing, sharp at any size</source>
        <translation>把棋盘保存为 SVG 矢量图，任意大小都清晰</translation>
    </message>
    <message>
        <source>What is compared</source>
        <translation>比较的内容</translation>
    </message>
    <message>
        <source>Compare algorithms</source>
        <translation>比较算法</translation>
    </message>
    <message>
        <source>Run every algorithm and tie-break rule from the knight&apos;s start square (Ctrl+Shift+A)</source>
        <translation>从马的起点运行每种算法和并列规则 (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Stop comparing; the rows finished so far stay</source>
        <translation>停止比较；已完成的行保留</translation>
    </message>
    <message>
        <source>Cancel comparing</source>
        <translation>取消比较</translation>
    </message>
    <message>
        <source>Budget per algorithm</source>
        <translation>每种算法的预算</translation>
    </message>
    <message>
        <source>Most pushes each algorithm may make; one that needs more is marked out of budget</source>
        <translation>每种算法最多允许的入栈次数；需要更多的标记为超出预算</translation>
    </message>
    <message>
        <source>Algorithms done</source>
        <translation>已完成的算法</translation>
    </message>
    <message>
        <source>%v of %m algorithms</source>
        <translation>%v / %m 种算法</translation>
    </message>
    <message>
        <source>Algorithms compared</source>
        <translation>比较的算法</translation>
    </message>
    <message>
        <source>Double-click a row to watch that algorithm from the same square</source>
        <translation>双击一行，从同一起点观看该算法</translation>
    </message>
    <message>
        <source>Comparison summary</source>
        <translation>比较摘要</translation>
    </message>
    <message>
        <source>the start square (a green frame)</source>
        <translation>起点（绿色方框）</translation>
    </message>
    <message>
        <source>a square on the path, with its move number; lines join the moves in order</source>
        <translation>路线上的格子，标有它的步数；线段按顺序连接各步</translation>
    </message>
    <message>
        <source>a square just taken back (popped): it glows red and loses its number</source>
        <translation>刚被收回（出栈）的格子：它闪红并失去步数</translation>
    </message>
    <message>
        <source>the candidates of the knight&apos;s square, with their degree; the next to try is drawn bolder (Ctrl+D)</source>
        <translation>马所在格子的候选格及其度数；下一个要试的画得更粗（Ctrl+D）</translation>
    </message>
    <message>
        <source>a candidate tried already and backtracked</source>
        <translation>已经试过并回溯的候选格</translation>
    </message>
    <message>
        <source>the square of the stack row selected in the Stack panel</source>
        <translation>在栈面板中选中的那一行对应的格子</translation>
    </message>
    <message>
        <source>the line that closes a closed tour</source>
        <translation>闭合巡游中回到起点的那条线</translation>
    </message>
    <message>
        <source>Click, or arrows and Enter</source>
        <translation>单击，或方向键加回车</translation>
    </message>
    <message>
        <source>place the knight</source>
        <translation>放下马</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>play or pause</source>
        <translation>播放或暂停</translation>
    </message>
    <message>
        <source>→ / ←</source>
        <translation>→ / ←</translation>
    </message>
    <message>
        <source>one event forward or back: a push or a pop</source>
        <translation>前进或后退一个事件：一次入栈或出栈</translation>
    </message>
    <message>
        <source>End</source>
        <translation>End</translation>
    </message>
    <message>
        <source>run to the end as fast as it goes</source>
        <translation>以最快速度运行到结束</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>stop a run; when nothing runs, back to the start square</source>
        <translation>停止运行；没有在运行时，回到起点</translation>
    </message>
    <message>
        <source>+ / −</source>
        <translation>+ / −</translation>
    </message>
    <message>
        <source>faster / slower</source>
        <translation>加快 / 减慢</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>show the candidates and their degrees</source>
        <translation>显示候选格及其度数</translation>
    </message>
    <message>
        <source>Shift+arrows, Enter</source>
        <translation>Shift+方向键，回车</translation>
    </message>
    <message>
        <source>move the cursor over the board; place the knight there</source>
        <translation>在棋盘上移动光标；把马放在那里</translation>
    </message>
    <message>
        <source>Ctrl+O / Ctrl+Shift+S</source>
        <translation>Ctrl+O / Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>open / save a tour</source>
        <translation>打开 / 保存巡游</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this page</source>
        <translation>本页</translation>
    </message>
    <message>
        <source>Pseudocode panel</source>
        <translation>伪代码面板</translation>
    </message>
    <message>
        <source>Pseudocode of the search</source>
        <translation>搜索的伪代码</translation>
    </message>
    <message>
        <source>The search without recursion: an explicit stack of frames. The highlighted line made the last event.</source>
        <translation>不用递归的搜索：显式的栈帧栈。高亮的那一行产生了最近的事件。</translation>
    </message>
    <message>
        <source>Current line</source>
        <translation>当前行</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Move number: the frame&apos;s depth on the stack</source>
        <translation>步数：栈帧在栈中的深度</translation>
    </message>
    <message>
        <source>Square</source>
        <translation>格子</translation>
    </message>
    <message>
        <source>The square of the frame: name and (row, column)</source>
        <translation>栈帧所在的格子：名称和（行, 列）</translation>
    </message>
    <message>
        <source>Candidates (degree)</source>
        <translation>候选格（度数）</translation>
    </message>
    <message>
        <source>The frame&apos;s candidate squares in the order they are tried, each with its degree (its unvisited onward squares): grey ones were tried and backtracked, the blue one is on the stack above, the orange one is tried next</source>
        <translation>栈帧的候选格，按尝试顺序排列，每个都标出度数（它的未访问后继格数）：灰色的已试过并回溯，蓝色的在栈中上一层，橙色的是下一个要试的</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>The candidate tried next; none: the frame is popped next; —: never (greedy does not backtrack)</source>
        <translation>下一个要试的候选格；无：此栈帧接下来出栈；—：永不（贪心算法不回溯）</translation>
    </message>
    <message>
        <source>Move %d on %s</source>
        <translation>第 %d 步，在 %s</translation>
    </message>
    <message>
        <source>No candidates: no unvisited square is a knight&apos;s move away.</source>
        <translation>没有候选格：一步马步之内没有未访问的格子。</translation>
    </message>
    <message>
        <source>%d candidates; %d tried so far.</source>
        <translation>%d 个候选格；已试 %d 个。</translation>
    </message>
    <message>
        <source>Greedy does not backtrack: it never comes back to this frame.</source>
        <translation>贪心算法不回溯：它不会再回到这个栈帧。</translation>
    </message>
    <message>
        <source>Next: %s (degree %d).</source>
        <translation>下一个：%s（度数 %d）。</translation>
    </message>
    <message>
        <source>All tried: this frame is popped when it is on top.</source>
        <translation>都已试过：此栈帧到栈顶时出栈。</translation>
    </message>
    <message>
        <source>On the stack above: %s.</source>
        <translation>栈中上一层：%s。</translation>
    </message>
    <message>
        <source>Stack panel</source>
        <translation>栈面板</translation>
    </message>
    <message>
        <source>Stack of the search, top first</source>
        <translation>搜索的栈，栈顶在前</translation>
    </message>
    <message>
        <source>One row per frame of the search&apos;s stack, the top of the stack first. Select a row to see its square and candidates on the board.</source>
        <translation>搜索栈的每个栈帧一行，栈顶在最前。选中一行可在棋盘上看到它的格子和候选格。</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>最近的事件</translation>
    </message>
    <message>
        <source>The last event and why it happened</source>
        <translation>最近的事件及其原因</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Pushes, pops, depth of the stack, deepest so far and dead ends</source>
        <translation>入栈、出栈次数，栈深，目前最大栈深和死路数</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>How the candidates are marked; the small number beside a square is its degree: how many unvisited squares are a knight&apos;s move away from it</source>
        <translation>候选格的标记方式；格子旁的小数字是它的度数：从它出发一步马步可达的未访问格子数</translation>
    </message>
    <message>
        <source>next to try</source>
        <translation>下一个要试</translation>
    </message>
    <message>
        <source>on the stack above</source>
        <translation>在栈中上一层</translation>
    </message>
    <message>
        <source>tried, backtracked</source>
        <translation>已试过并回溯</translation>
    </message>
    <message>
        <source>dashed frame: not tried yet</source>
        <translation>虚线框：尚未尝试</translation>
    </message>
    <message>
        <source>Play Yourself: your moves are on the board, not on this stack. Let the search finish from your path to see its stack go on from there.</source>
        <translation>自己走：你走的步在棋盘上，不在这个栈里。让搜索从你的路径接着走，就能看到它的栈从那里继续。</translation>
    </message>
    <message>
        <source>Click a square to place the knight: its frame is pushed first.</source>
        <translation>单击一个格子放下马：它的栈帧最先入栈。</translation>
    </message>
    <message>
        <source>No search: %s</source>
        <translation>不需搜索：%s</translation>
    </message>
    <message>
        <source>Pushes %s · Pops %s · Depth %s (max %s) · Dead ends %s</source>
        <translation>入栈 %s · 出栈 %s · 栈深 %s（最大 %s）· 死路 %s</translation>
    </message>
    <message>
        <source>While you practise, the search waits for your guesses: nothing runs ahead</source>
        <translation>练习时，搜索等你猜：不会自己往前运行</translation>
    </message>
    <message>
        <source>Place the knight first: click a square</source>
        <translation>先放下马：点击一个格子</translation>
    </message>
    <message>
        <source>The knight is on its start square: this is the first event</source>
        <translation>马在起点上：这就是第一个事件</translation>
    </message>
    <message>
        <source>%s never goes back: there is no backtrack to run to</source>
        <translation>%s从不回退：没有可以运行到的回溯</translation>
    </message>
    <message>
        <source>The search is over: there is no backtrack left to run to</source>
        <translation>搜索已经结束：没有剩下的回溯可以运行到</translation>
    </message>
    <message>
        <source>Dead ends %s</source>
        <translation>死路 %s</translation>
    </message>
    <message>
        <source>F&amp;irst event</source>
        <translation>第一个事件(&amp;I)</translation>
    </message>
    <message>
        <source>Back to the first event: the knight on its start square (the history is kept)</source>
        <translation>回到第一个事件：马在起点上（历史保留）</translation>
    </message>
    <message>
        <source>Run to next bac&amp;ktrack</source>
        <translation>运行到下一次回溯(&amp;K)</translation>
    </message>
    <message>
        <source>Run until the search next pops a square off the stack</source>
        <translation>运行到搜索下一次让格子出栈为止</translation>
    </message>
    <message>
        <source>&amp;Go to move…</source>
        <translation>转到第几步(&amp;G)…</translation>
    </message>
    <message>
        <source>Show the search when the knight stands on its k-th square</source>
        <translation>显示马走到第 k 格时的搜索状态</translation>
    </message>
    <message>
        <source>Stack (top first)</source>
        <translation>栈（栈顶在前）</translation>
    </message>
    <message>
        <source>Pseudocode</source>
        <translation>伪代码</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>事件记录</translation>
    </message>
    <message>
        <source>Show or hide the %s panel</source>
        <translation>显示或隐藏%s面板</translation>
    </message>
    <message>
        <source>Pa&amp;nels</source>
        <translation>面板(&amp;N)</translation>
    </message>
    <message>
        <source>Squares popped because no unvisited square was a knight&apos;s move away</source>
        <translation>因一步马步之内没有未访问格子而出栈的格子</translation>
    </message>
    <message>
        <source>Event %s of %s</source>
        <translation>第 %s 个事件，共 %s 个</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>Every event so far: drag to see the board and the stack as they were after any of them; playing goes on from there</source>
        <translation>到目前为止的所有事件：拖动可查看任一事件之后的棋盘和栈；播放会从那里继续</translation>
    </message>
    <message>
        <source>Position in the history</source>
        <translation>在历史中的位置</translation>
    </message>
    <message>
        <source>&amp;Open Tour…</source>
        <translation>打开巡游(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a saved tour and replay it on the board</source>
        <translation>打开保存的巡游，在棋盘上重放</translation>
    </message>
    <message>
        <source>Save &amp;Tour…</source>
        <translation>保存巡游(&amp;T)…</translation>
    </message>
    <message>
        <source>Save the tour shown as a JSON file (board, start, algorithm, path, counters)</source>
        <translation>把当前巡游保存为 JSON 文件（棋盘、起点、算法、路线、计数）</translation>
    </message>
    <message>
        <source>&amp;Include the Event Trace</source>
        <translation>包含事件轨迹(&amp;I)</translation>
    </message>
    <message>
        <source>Save every push and pop of the search too, so that another program can replay the search step by step</source>
        <translation>同时保存搜索的每次入栈和出栈，以便其他程序逐步重放搜索</translation>
    </message>
    <message>
        <source>Play &amp;Yourself</source>
        <translation>自己走(&amp;Y)</translation>
    </message>
    <message>
        <source>Build a tour by hand: click the start, then each next square (not while practising)</source>
        <translation>亲手走出一条巡游路线：先点起点，再依次点下一格（练习时不可用）</translation>
    </message>
    <message>
        <source>&amp;Take Back Move</source>
        <translation>悔一步(&amp;T)</translation>
    </message>
    <message>
        <source>Take back your last move (← too)</source>
        <translation>收回你走的最后一步（也可按 ←）</translation>
    </message>
    <message>
        <source>Take Back</source>
        <translation>悔一步</translation>
    </message>
    <message>
        <source>&amp;Redo Move</source>
        <translation>重走一步(&amp;R)</translation>
    </message>
    <message>
        <source>Make the move taken back again (→ too)</source>
        <translation>把收回的那一步重新走出（也可按 →）</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重走一步</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>提示(&amp;H)</translation>
    </message>
    <message>
        <source>The square Warnsdorff&apos;s rule and the tie-break would take next, and why</source>
        <translation>按 Warnsdorff 规则和所选的并列规则，下一步会走哪一格，以及为什么</translation>
    </message>
    <message>
        <source>Show Where It Went &amp;Wrong</source>
        <translation>看看哪里走错了(&amp;W)</translation>
    </message>
    <message>
        <source>The latest of your moves from which the search still finds a tour</source>
        <translation>你走的各步中，搜索仍能从那里找到巡游路线的最后一步</translation>
    </message>
    <message>
        <source>Where It Went Wrong</source>
        <translation>哪里走错了</translation>
    </message>
    <message>
        <source>Take &amp;Back to There</source>
        <translation>退回到那一步(&amp;B)</translation>
    </message>
    <message>
        <source>Take back every move after the one from which a tour still exists</source>
        <translation>收回仍有巡游路线的那一步之后的所有步</translation>
    </message>
    <message>
        <source>&amp;Let the Search Finish from Here</source>
        <translation>让搜索从这里接着走(&amp;L)</translation>
    </message>
    <message>
        <source>Hand your path to the search: it goes on from your last square, every panel explaining</source>
        <translation>把你的路径交给搜索：它从你的最后一格接着走，各个面板随之讲解</translation>
    </message>
    <message>
        <source>Let the Search Finish</source>
        <translation>让搜索接着走</translation>
    </message>
    <message>
        <source>&amp;Compare with the Program&apos;s Tour</source>
        <translation>与程序的路线比较(&amp;C)</translation>
    </message>
    <message>
        <source>The program&apos;s tour from your start square beside yours</source>
        <translation>程序从你的起点走出的路线，与你的并排比较</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>&amp;Save Your Tour…</source>
        <translation>保存你的路线(&amp;S)…</translation>
    </message>
    <message>
        <source>Save your tour as a Knight&apos;s Tour file</source>
        <translation>把你的路线保存为马踏棋盘文件</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Export Your Tour as &amp;PNG…</source>
        <translation>导出你的路线为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Save your tour as a PNG image</source>
        <translation>把你的路线保存为 PNG 图片</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>Export Your Tour as S&amp;VG…</source>
        <translation>导出你的路线为 S&amp;VG…</translation>
    </message>
    <message>
        <source>Save your tour as an SVG drawing</source>
        <translation>把你的路线保存为 SVG 矢量图</translation>
    </message>
    <message>
        <source>SVG</source>
        <translation>SVG</translation>
    </message>
    <message>
        <source>Your &amp;Tour</source>
        <translation>你的路线(&amp;T)</translation>
    </message>
    <message>
        <source>Play Yourself</source>
        <translation>自己走</translation>
    </message>
    <message>
        <source>Play Yourself: click the square to start on (or move the cursor with the arrow keys and press Enter).</source>
        <translation>自己走：点击起点所在的格子（或用方向键移动光标后按回车）。</translation>
    </message>
    <message>
        <source>Hints: %s, moves taken back: %s</source>
        <translation>提示 %s 次，悔棋 %s 步</translation>
    </message>
    <message>
        <source>Your tour is complete: all %s squares, and closed (the last square is a knight&apos;s move from the start). %s.</source>
        <translation>你的巡游完成了：走遍全部 %s 格，而且是闭合的（最后一格与起点相差一步马步）。%s。</translation>
    </message>
    <message>
        <source>Your tour is complete: all %s squares, an open tour (the last square is not a knight&apos;s move from the start). %s.</source>
        <translation>你的巡游完成了：走遍全部 %s 格，是一条开放路线（最后一格与起点不相差一步马步）。%s。</translation>
    </message>
    <message>
        <source>Stuck on %s: no unvisited square is a knight&apos;s move away. You reached %s of %s squares. Show where it went wrong, or let the search finish from here.</source>
        <translation>在 %s 走不下去了：一步马步之内没有未走过的格子。你走到了 %s / %s 格。可以看看哪里走错了，或让搜索从这里接着走。</translation>
    </message>
    <message>
        <source>Move %s on %s: click an outlined square (Ctrl+H: a hint, ←: take back). %s.</source>
        <translation>第 %s 步在 %s：点击一个带框的格子（Ctrl+H：提示，←：悔一步）。%s。</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Lesson &amp;note</source>
        <translation>课程说明(&amp;N)</translation>
    </message>
    <message>
        <source>Practice: Predict the &amp;Next Move</source>
        <translation>练习：预测下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Guess each event before it is played: click the square the knight goes to next, or press Backspace when it backtracks (not while playing yourself)</source>
        <translation>在每个事件播放前先猜：点击马下一步要去的格子；若认为要回溯，按退格键（自己走时不可用）</translation>
    </message>
    <message>
        <source>Pre&amp;dict a backtrack</source>
        <translation>预测回溯(&amp;D)</translation>
    </message>
    <message>
        <source>Practice: guess that the next event pops the square on top of the stack</source>
        <translation>练习：猜下一个事件是把栈顶格子出栈</translation>
    </message>
    <message>
        <source>Practice &amp;hint</source>
        <translation>练习提示(&amp;H)</translation>
    </message>
    <message>
        <source>Practice: show the rule that decides the next event and the candidates</source>
        <translation>练习：显示决定下一个事件的规则和候选格</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Show or hide the Practice panel</source>
        <translation>显示或隐藏练习面板</translation>
    </message>
    <message>
        <source>%s is on the path already: the knight goes only to squares not visited yet.</source>
        <translation>%s 已在路径上：马只去还没走过的格子。</translation>
    </message>
    <message>
        <source>Right!</source>
        <translation>答对了！</translation>
    </message>
    <message>
        <source>Not quite: the knight backtracks here, off %s (a pop).</source>
        <translation>不对：马在这里回溯，离开 %s（出栈）。</translation>
    </message>
    <message>
        <source>Not quite: no pop yet, the knight goes on to %s.</source>
        <translation>不对：还不回溯，马继续走到 %s。</translation>
    </message>
    <message>
        <source>Not quite: the knight goes to %s, not %s.</source>
        <translation>不对：马走到 %s，而不是 %s。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>This move was a tie: several candidates had the lowest degree, and %s chose.</source>
        <translation>这一步是并列：几个候选格的度数同为最低，由%s决定。</translation>
    </message>
    <message>
        <source>Why: %s</source>
        <translation>原因：%s</translation>
    </message>
    <message>
        <source>Untried candidates of %s (degree): %s</source>
        <translation>%s 未尝试的候选格（度数）：%s</translation>
    </message>
    <message>
        <source>No candidate is left to try.</source>
        <translation>没有候选格可以尝试了。</translation>
    </message>
    <message>
        <source>Plain backtracking tries the candidates in the fixed move order: up 2 right 1, up 1 right 2, down 1 right 2, down 2 right 1, down 2 left 1, down 1 left 2, up 1 left 2, up 2 left 1; when none is left, the square is popped.</source>
        <translation>纯回溯按固定走法顺序尝试候选格：上2右1、上1右2、下1右2、下2右1、下2左1、下1左2、上1左2、上2左1；没有候选格时，该格出栈。</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule: the untried candidate with the fewest onward squares (lowest degree) first; equal degrees by the tie-break %s (%s).</source>
        <translation>Warnsdorff 规则：先走后续格最少（度数最低）的未尝试候选格；度数相同时按并列规则“%s”（%s）。</translation>
    </message>
    <message>
        <source>Hints asked for %d of the %d guesses.</source>
        <translation>%d 次猜测（共 %d 次）看过提示。</translation>
    </message>
    <message>
        <source>Greedy never backtracks: with no candidate left it is stuck.</source>
        <translation>贪心法从不回溯：没有候选格时就卡住了。</translation>
    </message>
    <message>
        <source>That is the knight&apos;s own square: click the square it goes to next, or press Backspace if it backtracks.</source>
        <translation>这是马自己所在的格子：点击它下一步要去的格子；若它回溯，按退格键。</translation>
    </message>
    <message>
        <source>%s is not a knight&apos;s move from %s: click a square a knight&apos;s move away, or press Backspace if it backtracks.</source>
        <translation>%s 不是从 %s 走一步马能到的格子：点击马一步能到的格子；若它回溯，按退格键。</translation>
    </message>
    <message>
        <source>Untried candidates of %s when you guessed (degree): %s</source>
        <translation>你猜时 %s 的未尝试候选格（度数）：%s</translation>
    </message>
    <message>
        <source>When no candidate is left, the square is popped.</source>
        <translation>没有候选格时，该格出栈。</translation>
    </message>
    <message>
        <source>Closed tour: candidates that would cut the way back to the start are left out.</source>
        <translation>闭合巡游：会切断回到起点之路的候选格被排除。</translation>
    </message>
    <message>
        <source>Practice is off: Run ▸ Practice: Predict the Next Move (Ctrl+Shift+R) starts it.</source>
        <translation>练习未开启：用“运行 ▸ 练习：预测下一步”（Ctrl+Shift+R）开始。</translation>
    </message>
    <message>
        <source>Click a square to place the knight; then guess each event.</source>
        <translation>点击一个格子放置马，然后猜每个事件。</translation>
    </message>
    <message>
        <source>The search is over. Click a square to practise from another start.</source>
        <translation>搜索已结束。点击一个格子，从另一个起点练习。</translation>
    </message>
    <message>
        <source>The knight is on %s (move %d). Click the square of move %d, or press Backspace if it backtracks.</source>
        <translation>马在 %s（第 %d 步）。点击第 %d 步要去的格子；若它回溯，按退格键。</translation>
    </message>
    <message>
        <source>Score %d of %d · moves %d/%d (streak %d) · tie-breaks %d/%d (streak %d) · pops %d/%d (streak %d)</source>
        <translation>得分 %d / %d · 走子 %d/%d（连对 %d）· 并列 %d/%d（连对 %d）· 出栈 %d/%d（连对 %d）</translation>
    </message>
    <message>
        <source>Summary: %d of %d guesses right (%d%%).</source>
        <translation>总结：%d / %d 次猜对（%d%%）。</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>走子</translation>
    </message>
    <message>
        <source>Tie-breaks</source>
        <translation>并列</translation>
    </message>
    <message>
        <source>Pops</source>
        <translation>出栈</translation>
    </message>
    <message>
        <source>%s: %d of %d right, best streak %d.</source>
        <translation>%s：%d / %d 次猜对，最长连对 %d 次。</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>Larger text in every panel</source>
        <translation>放大所有面板中的文字</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>缩小文字(&amp;S)</translation>
    </message>
    <message>
        <source>Smaller text in every panel</source>
        <translation>缩小所有面板中的文字</translation>
    </message>
    <message>
        <source>&amp;Normal Text (100%)</source>
        <translation>正常文字大小（100%）(&amp;N)</translation>
    </message>
    <message>
        <source>The desktop&apos;s text size</source>
        <translation>恢复桌面默认的文字大小</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen with large text: board, stack, pseudocode and controls (F5 or Esc leaves it)</source>
        <translation>全屏并使用大号文字：只保留棋盘、栈、伪代码和控制按钮（按 F5 或 Esc 退出）</translation>
    </message>
    <message>
        <source>&amp;Text Size</source>
        <translation>文字大小(&amp;T)</translation>
    </message>
</context>
<context>
    <name>About</name>
    <message>
        <source>Knight&apos;s Tour</source>
        <translation>马踏棋盘</translation>
    </message>
    <message>
        <source>Watch a stack-based search walk the knight over every square of the board, one push and one backtrack at a time.</source>
        <translation>观看基于栈的搜索如何让马走遍棋盘的每一格：每次入栈一步，或回溯一步。</translation>
    </message>
    <message>
        <source>Click a square to place the knight, then press Space. Press F1 to read how it works.</source>
        <translation>单击一个格子放下马，然后按空格键。按 F1 阅读原理说明。</translation>
    </message>
    <message>
        <source>Version %s · Python %s · Qt %s (PySide6 %s)</source>
        <translation>版本 %s · Python %s · Qt %s（PySide6 %s）</translation>
    </message>
    <message>
        <source>MIT licence.</source>
        <translation>MIT 许可证。</translation>
    </message>
    <message>
        <source>About Knight&apos;s Tour</source>
        <translation>关于马踏棋盘</translation>
    </message>
</context>
<context>
    <name>AnalysisPanel</name>
    <message>
        <source>Analysis views</source>
        <translation>分析视图</translation>
    </message>
    <message>
        <source>Every square</source>
        <translation>全部起点</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>计数</translation>
    </message>
</context>
<context>
    <name>Animation</name>
    <message>
        <source>%1 · start %2 · %3</source>
        <translation>%1 · 起点 %2 · %3</translation>
    </message>
    <message>
        <source> · pushes %1 · pops %2</source>
        <translation> · 入栈 %1 次 · 出栈 %2 次</translation>
    </message>
    <message>
        <source>moves 1–%1 by hand, then %2</source>
        <translation>第 1–%1 步手动走，之后由 %2 走完</translation>
    </message>
    <message>
        <source> · a frame every %1 events</source>
        <translation> · 每 %1 个事件取一帧</translation>
    </message>
</context>
<context>
    <name>AnimationDialog</name>
    <message>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>A longer search is sampled evenly: every k-th event</source>
        <translation>较长的搜索会均匀抽样：每 k 个事件取一帧</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Caption: board, start, algorithm, pushes and pops</source>
        <translation>说明文字：棋盘、起点、算法、入栈与出栈次数</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>循环播放</translation>
    </message>
    <message>
        <source>the search&apos;s first outcome</source>
        <translation>搜索的第一个结果</translation>
    </message>
    <message>
        <source>the run&apos;s first outcome, or its end</source>
        <translation>这次运行的第一个结果，或其结尾</translation>
    </message>
    <message>
        <source>The run shown is animated as the timeline holds it (%1 events): a new search from the start would not make it again.</source>
        <translation>按时间轴上保存的样子导出所示的这次运行（%1 个事件）：从起点重新搜索不会再得到它。</translation>
    </message>
    <message>
        <source>An animation follows at most its first %1 events; the timeline holds %2.</source>
        <translation>动画最多只跟随前 %1 个事件；时间轴上共有 %2 个。</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Frames per second:</source>
        <translation>每秒帧数：</translation>
    </message>
    <message>
        <source>At most frames:</source>
        <translation>最多帧数：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <source>Hold the end:</source>
        <translation>结尾停留：</translation>
    </message>
    <message>
        <source>From event:</source>
        <translation>起始事件：</translation>
    </message>
    <message>
        <source>To event:</source>
        <translation>结束事件：</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>GIF (slides, web pages, chat)</source>
        <translation>GIF（幻灯片、网页、聊天）</translation>
    </message>
    <message>
        <source>WebP (smaller; web pages)</source>
        <translation>WebP（更小；网页）</translation>
    </message>
    <message>
        <source>APNG (animated PNG: full colour)</source>
        <translation>APNG（动画 PNG：全彩色）</translation>
    </message>
    <message>
        <source>MP4 video</source>
        <translation>MP4 视频</translation>
    </message>
    <message>
        <source>MP4 video (needs ffmpeg)</source>
        <translation>MP4 视频（需要 ffmpeg）</translation>
    </message>
    <message>
        <source>GIF (*.gif)</source>
        <translation>GIF 动画 (*.gif)</translation>
    </message>
    <message>
        <source>WebP (*.webp)</source>
        <translation>WebP 动画 (*.webp)</translation>
    </message>
    <message>
        <source>APNG (*.apng *.png)</source>
        <translation>APNG 动画 (*.apng *.png)</translation>
    </message>
    <message>
        <source>MP4 video (*.mp4)</source>
        <translation>MP4 视频 (*.mp4)</translation>
    </message>
    <message>
        <source>Name the file .gif, .webp, .apng or .mp4, or choose its format above.</source>
        <translation>请把文件命名为 .gif、.webp、.apng 或 .mp4，或在上方选择格式。</translation>
    </message>
    <message>
        <source>GIF, WebP and APNG export needs Pillow: %1</source>
        <translation>导出 GIF、WebP 和 APNG 需要 Pillow：%1</translation>
    </message>
    <message>
        <source>MP4 needs the ffmpeg program, which was not found.</source>
        <translation>导出 MP4 需要 ffmpeg 程序，但没有找到它。</translation>
    </message>
    <message>
        <source>“To event” (%1) comes before “From event” (%2).</source>
        <translation>“结束事件”（%1）在“起始事件”（%2）之前。</translation>
    </message>
    <message>
        <source>Counting the events…</source>
        <translation>正在统计事件…</translation>
    </message>
    <message>
        <source>Frame %1 of %2</source>
        <translation>第 %1 帧，共 %2 帧</translation>
    </message>
    <message>
        <source>Cancelled: no file was written.</source>
        <translation>已取消：没有写入任何文件。</translation>
    </message>
</context>
<context>
    <name>BoardKey</name>
    <message>
        <source>Heatmap key</source>
        <translation>热力图图例（棋盘下方）</translation>
    </message>
</context>
<context>
    <name>CompareModel</name>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Ties</source>
        <translation>并列</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Pushes</source>
        <translation>入栈</translation>
    </message>
    <message>
        <source>Pops</source>
        <translation>出栈</translation>
    </message>
    <message>
        <source>Dead ends</source>
        <translation>死路</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>How the knight chooses its next square</source>
        <translation>马如何选择下一格</translation>
    </message>
    <message>
        <source>Which of several equally good squares is tried first</source>
        <translation>几个同样好的格子中先试哪一个</translation>
    </message>
    <message>
        <source>What the search came to</source>
        <translation>搜索的结果</translation>
    </message>
    <message>
        <source>Moves made (pushes on the stack); the bar is on a log scale</source>
        <translation>走过的步数（入栈次数）；条形为对数刻度</translation>
    </message>
    <message>
        <source>Backtracks (pops off the stack)</source>
        <translation>回溯次数（出栈次数）</translation>
    </message>
    <message>
        <source>Squares with no way on</source>
        <translation>无路可走的格子</translation>
    </message>
    <message>
        <source>Milliseconds of search</source>
        <translation>搜索用时（毫秒）</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <source>Place the knight, then compare: every algorithm and tie-break rule runs from its square on %s.</source>
        <translation>先放下马，再比较：每种算法和并列规则都从它所在的格子出发，在 %s 上运行。</translation>
    </message>
    <message>
        <source>a closed tour</source>
        <translation>一条闭合巡游</translation>
    </message>
    <message>
        <source>a tour</source>
        <translation>一条巡游</translation>
    </message>
    <message>
        <source>Every algorithm and tie-break rule looks for %s from %s on %s.</source>
        <translation>每种算法和并列规则都寻找%s，起点 %s，棋盘 %s。</translation>
    </message>
    <message>
        <source>Comparing %d algorithms from %s…</source>
        <translation>正在比较 %d 种算法，起点 %s…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Fewest pushes to a tour: %s with %s pushes and %s pops.</source>
        <translation>找到巡游所需入栈最少的是 %s：入栈 %s 次，出栈 %s 次。</translation>
    </message>
    <message>
        <source>%s ran out of its budget of %s pushes without a tour: at least %s times as many.</source>
        <translation>%s 用完了 %s 次入栈的预算仍未找到巡游：至少多 %s 倍。</translation>
    </message>
    <message>
        <source>%s made %s pushes: %s times as many.</source>
        <translation>%s 入栈 %s 次：是它的 %s 倍。</translation>
    </message>
    <message>
        <source>No tour from %s: %s.</source>
        <translation>从 %s 出发没有巡游：%s。</translation>
    </message>
    <message>
        <source>No algorithm found a tour within the budget.</source>
        <translation>没有算法在预算内找到巡游。</translation>
    </message>
    <message>
        <source>No algorithm found a tour.</source>
        <translation>没有算法找到巡游。</translation>
    </message>
</context>
<context>
    <name>CountPage</name>
    <message>
        <source>Place the knight first: tours are counted from its start square.</source>
        <translation>请先放下马：从它的起点统计巡游。</translation>
    </message>
    <message>
        <source>Counting every tour on %s could take longer than anyone will wait; it is offered on boards of at most %d squares.</source>
        <translation>在 %s 上统计全部巡游可能要等得太久；只在不超过 %d 格的棋盘上提供。</translation>
    </message>
    <message>
        <source>Counting the tours from %s…</source>
        <translation>正在统计从 %s 出发的巡游…</translation>
    </message>
    <message>
        <source>Counting from %s cancelled after %.1f s.</source>
        <translation>从 %s 出发的计数在 %.1f 秒后取消。</translation>
    </message>
    <message>
        <source>closed tours</source>
        <translation>闭合巡游</translation>
    </message>
    <message>
        <source>tours</source>
        <translation>巡游</translation>
    </message>
    <message>
        <source>Counting from %s cancelled after %.1f s: at least %s %s.</source>
        <translation>从 %s 出发的计数在 %.1f 秒后取消：至少有 %s 条%s。</translation>
    </message>
    <message>
        <source>Counting the tours from %s… %s found so far, %s nodes searched, %.1f s</source>
        <translation>正在统计从 %s 出发的巡游… 已找到 %s 条，已搜索 %s 个结点，%.1f 秒</translation>
    </message>
    <message>
        <source>%s %s from %s on %s (directed, exact; %.2f s).</source>
        <translation>共 %s 个%s，起点 %s，棋盘 %s（有向计数，精确；%.2f 秒）。</translation>
    </message>
    <message>
        <source>No tour can exist: %s.</source>
        <translation>不可能有巡游：%s。</translation>
    </message>
    <message>
        <source>Counts every closed tour from %s on %s by exhaustive search with pruning (each closed tour counts twice, once per direction).</source>
        <translation>用带剪枝的穷举搜索统计从 %s 出发、在 %s 上的全部闭合巡游（每条闭合巡游按两个方向各计一次）。</translation>
    </message>
    <message>
        <source>Counts every tour from %s on %s by exhaustive search with pruning (each tour once: its reverse starts on another square).</source>
        <translation>用带剪枝的穷举搜索统计从 %s 出发、在 %s 上的全部巡游（每条巡游计一次：它的反向路线从另一个格子出发）。</translation>
    </message>
</context>
<context>
    <name>EventLogPanel</name>
    <message>
        <source>Event log</source>
        <translation>事件记录</translation>
    </message>
    <message>
        <source>Your moves, take-backs and hints, newest last</source>
        <translation>你的走法、悔棋和提示，最新的在最后</translation>
    </message>
    <message>
        <source>What you did in Play Yourself: the last %d moves, moves taken back and hints, newest last. ← takes a move back.</source>
        <translation>你在“自己走”中做过的事：最近 %d 条走法、悔棋和提示，最新的在最后。按 ← 悔一步棋。</translation>
    </message>
    <message>
        <source>Recent events, newest last</source>
        <translation>最近的事件，最新的在最后</translation>
    </message>
    <message>
        <source>The last %d events up to the one shown, each with its reason. Double-click an event to go back to it.</source>
        <translation>到当前显示为止的最近 %d 个事件，每个都附有原因。双击一个事件可回到那里。</translation>
    </message>
</context>
<context>
    <name>EverySquarePage</name>
    <message>
        <source>Solving from 1 start square…</source>
        <translation>正在从 1 个起点求解…</translation>
    </message>
    <message>
        <source>Solving from %s start squares…</source>
        <translation>正在从 %s 个起点求解…</translation>
    </message>
    <message>
        <source>Less than a minute left.</source>
        <translation>剩余不到一分钟。</translation>
    </message>
    <message>
        <source>About %s min left.</source>
        <translation>大约还需 %s 分钟。</translation>
    </message>
    <message>
        <source>About %s h %s min left.</source>
        <translation>大约还需 %s 小时 %s 分钟。</translation>
    </message>
    <message>
        <source>%s of %s starts</source>
        <translation>%s / %s 个起点</translation>
    </message>
    <message>
        <source>%s of %s starts on %s, %s: %s. %s pushes, %s pops; %s s of search.</source>
        <translation>%s / %s 个起点（%s，%s）：%s。入栈 %s 次，出栈 %s 次；搜索用时 %s 秒。</translation>
    </message>
    <message>
        <source>1 start ran out of its budget of %s pushes.</source>
        <translation>1 个起点用完了 %s 次入栈的预算。</translation>
    </message>
    <message>
        <source>%d starts ran out of their budget of %s pushes.</source>
        <translation>%d 个起点用完了 %s 次入栈的预算。</translation>
    </message>
    <message>
        <source>“?”: plain backtracking would need far more pushes from there (on 8×8, more than any budget can wait for); Warnsdorff settles those squares at once.</source>
        <translation>“?”：普通回溯法从这些格子出发需要多得多的入栈次数（在 8×8 棋盘上，任何预算都等不到结果）；Warnsdorff 规则则能立即得出结果。</translation>
    </message>
    <message>
        <source>Tours marked * (%s) were found by the fallback (the constructed tour, or Warnsdorff with Pósa&apos;s rotations) after the search ran out of its budget.</source>
        <translation>标有 * 的巡游路线（%s 条）是搜索用完预算后由后备方法找到的（构造出的巡游路线，或 Warnsdorff 规则加 Pósa 旋转）。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>闭合式</translation>
    </message>
    <message>
        <source>Hide heatmap</source>
        <translation>隐藏热力图</translation>
    </message>
    <message>
        <source>Show heatmap</source>
        <translation>显示热力图</translation>
    </message>
    <message>
        <source>%s: %s, %s pushes, %s pops, %s ms</source>
        <translation>%s：%s，入栈 %s 次，出栈 %s 次，%s 毫秒</translation>
    </message>
    <message>
        <source>Save CSV</source>
        <translation>保存 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Saving failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>Cannot write %s: %s</source>
        <translation>无法写入 %s：%s</translation>
    </message>
    <message>
        <source>Saved %s</source>
        <translation>已保存 %s</translation>
    </message>
</context>
<context>
    <name>HeatLegend</name>
    <message>
        <source>Heatmap legend</source>
        <translation>热力图图例</translation>
    </message>
    <message>
        <source>What the colours on the board mean</source>
        <translation>棋盘上颜色的含义</translation>
    </message>
    <message>
        <source>%s ms</source>
        <translation>%s 毫秒</translation>
    </message>
    <message>
        <source>%s at every start</source>
        <translation>每个起点都是 %s</translation>
    </message>
    <message>
        <source>Starts:</source>
        <translation>起点：</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
</context>
<context>
    <name>HelpPages</name>
    <message>
        <source>&amp;How It Works</source>
        <translation>原理说明(&amp;H)</translation>
    </message>
    <message>
        <source>The stack, Warnsdorff&apos;s rule and backtracking, in a few words</source>
        <translation>栈、Warnsdorff 规则和回溯，简单说明</translation>
    </message>
</context>
<context>
    <name>HowItWorks</name>
    <message>
        <source>On every board that has a closed tour (Schwenk&apos;s theorem), the program builds one instead of searching for it. It turns the board so the number of columns is even, then cuts it into blocks: bands of 6, 8 or 10 rows (with at most one band of 5, 7 or 9 rows) and groups of 6, 8 or 10 columns. Each of the 18 block sizes has a stored closed tour, found once by a backtracking search. Two neighbouring blocks are joined by taking one move out of each near their shared corner and adding the two knight&apos;s moves across the seam that reconnect the loose ends, so two cycles become one. Joining each band&apos;s blocks left to right, and the first blocks of the bands top to bottom, leaves one closed tour of the whole board. Boards with 3 rows (3×n, n even, 10 or more) start from a 3×10 or 3×12 tour and add 3×4 pieces. A closed tour visits every square, so the tour from any start is the same cycle read from that square. The work grows in step with the number of squares and nothing is taken back, so the window shows only pushes. Ticking Closed on a board over 10×10 chooses this algorithm (Construction). (After Parberry 1997 and Conrad, Hindrichs, Morsy and Wegener 1994.)</source>
        <translation>在每个存在闭合巡游路线的棋盘上（Schwenk 定理），程序直接构造一条，而不是去搜索。它先把棋盘转过来，使列数为偶数，再把棋盘切成小块：每条横带有 6、8 或 10 行（最多有一条 5、7 或 9 行的横带），每组有 6、8 或 10 列。18 种小块尺寸各存有一条闭合巡游路线，是事先用回溯搜索找到的一次性结果。两个相邻的小块这样连接：在它们共同的角附近各去掉一步，再加上跨过接缝、把断开的两端重新连起来的两步马步，于是两个回路合成一个。每条横带内的小块从左到右连接，各横带的第一块从上到下连接，最后就得到整个棋盘的一条闭合巡游路线。只有 3 行的棋盘（3×n，n 为偶数且不小于 10）从一条 3×10 或 3×12 的巡游路线开始，再逐个加上 3×4 的小块。闭合巡游路线经过每一个格子，所以从任意起点出发的巡游路线，就是从那个格子读起的同一个回路。工作量与格子数成正比，而且从不撤回，所以窗口中只有入栈。在大于 10×10 的棋盘上勾选“闭合”时会选用这个算法（构造法）。（参照 Parberry 1997 以及 Conrad、Hindrichs、Morsy 和 Wegener 1994。）</translation>
    </message>
    <message>
        <source>How It Works</source>
        <translation>原理说明</translation>
    </message>
    <message>
        <source>How it works</source>
        <translation>原理</translation>
    </message>
    <message>
        <source>The knight must visit every square of the board exactly once, moving as a knight moves in chess: two squares one way and one square at right angles. Such a path is a &lt;b&gt;knight&apos;s tour&lt;/b&gt;; it is &lt;b&gt;closed&lt;/b&gt; when the last square is a knight&apos;s move from the first, so the knight could go round again, and &lt;b&gt;open&lt;/b&gt; otherwise.</source>
        <translation>马要按国际象棋中马的走法（“马走日”：一个方向走两格，再向垂直方向走一格）把棋盘上的每个格子恰好走一次。这样的路线叫做&lt;b&gt;马的巡游&lt;/b&gt;；如果最后一格与第一格相距一步马步，马可以再绕一圈，就叫&lt;b&gt;闭合巡游&lt;/b&gt;，否则叫&lt;b&gt;开放巡游&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>The stack</source>
        <translation>栈</translation>
    </message>
    <message>
        <source>The search keeps the path as a &lt;b&gt;stack&lt;/b&gt;: the start square at the bottom, the knight&apos;s square on top. Moving onto a new square is a &lt;b&gt;push&lt;/b&gt;; taking the last square back is a &lt;b&gt;pop&lt;/b&gt;. Each entry on the stack remembers which of its squares&apos; candidates (the unvisited squares a knight&apos;s move away) it has tried already, so the search needs no recursion: one loop looks at the top of the stack, again and again.</source>
        <translation>搜索把走过的路线保存在一个&lt;b&gt;栈&lt;/b&gt;里：起点在栈底，马所在的格子在栈顶。走到一个新格子就是&lt;b&gt;入栈&lt;/b&gt;，把最后一格收回就是&lt;b&gt;出栈&lt;/b&gt;。栈中每一项都记着它的候选格（一步马步可达的未访问格子）中哪些已经试过，所以搜索不需要递归：一个循环反复查看栈顶即可。</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule</source>
        <translation>Warnsdorff 规则：先走出口最少的格子</translation>
    </message>
    <message>
        <source>Which candidate first? H. C. von Warnsdorff (1823): go to the square with the fewest onward moves, its &lt;b&gt;degree&lt;/b&gt;. Squares that are hard to reach, near the corners and edges, are then visited while they still can be. With this rule the knight almost never needs to go back. Ties, candidates of equal degree, are settled by a tie-break rule: the fixed move order, the square farthest from the centre (Roth), the smallest sum of the degrees of its own onward squares (Pohl), or, by default, a look one move further (the square whose onward squares&apos; largest degree is smallest) and then Roth&apos;s rule: over every start of every board from 5×5 to 30×30 it backtracks 27,420 times, Roth&apos;s rule alone 1,837,605 times.</source>
        <translation>先试哪个候选格？H. C. von Warnsdorff（1823）的规则是：走向出口最少的格子，出口数就是它的&lt;b&gt;度数&lt;/b&gt;。这样，角上和边上难以到达的格子会在还能到达时先被走到。用这条规则，马几乎不需要回头。度数相同的候选格由并列规则决定：按固定的走法顺序，先走离中心最远的格子（Roth），先走其后继格度数之和最小的格子（Pohl），或者（默认）多看一步：先走其后继格中最大度数最小的格子，再按 Roth 规则。从 5×5 到 30×30 的每个棋盘的每个起点出发，默认规则共回溯 27,420 次，单用 Roth 规则则回溯 1,837,605 次。</translation>
    </message>
    <message>
        <source>Backtracking</source>
        <translation>回溯</translation>
    </message>
    <message>
        <source>When the knight is stuck before the board is full, the search &lt;b&gt;backtracks&lt;/b&gt;: it pops the top square off the stack (it flashes red) and tries the next candidate of the square below. Plain backtracking, without Warnsdorff&apos;s rule, tries the eight moves in a fixed order and may take a very long time even on 8×8; the greedy algorithm never backtracks and can get stuck.</source>
        <translation>如果棋盘还没走满马就无路可走，搜索就&lt;b&gt;回溯&lt;/b&gt;：把栈顶的格子出栈（它会闪红），再试下面那个格子的下一个候选格。不用 Warnsdorff 规则的纯回溯按固定顺序尝试八种走法，即使在 8×8 棋盘上也可能非常慢；贪心算法从不回溯，可能走进死路。</translation>
    </message>
    <message>
        <source>Closed tours by construction</source>
        <translation>用构造法得到闭合巡游路线</translation>
    </message>
    <message>
        <source>The colours</source>
        <translation>颜色的含义</translation>
    </message>
    <message>
        <source>Using the window</source>
        <translation>窗口的用法</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
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
    <name>Lessons</name>
    <message>
        <source>&amp;Backtracking: 5×5 from the centre</source>
        <translation>回溯：5×5，从中心出发(&amp;B)</translation>
    </message>
    <message>
        <source>Plain backtracking tries the squares in a fixed order and goes back at every dead end: from c3 it makes 9,884 pops (and 9,909 pushes) before its first tour. Watch the stack grow and shrink; Ctrl+B runs to the next backtrack.</source>
        <translation>纯回溯按固定顺序试探各格，每遇死路就退回：从 c3 出发，找到第一个巡游之前要出栈 9,884 次（入栈 9,909 次）。请观察栈的增长与收缩；按 Ctrl+B 可运行到下一次回溯。</translation>
    </message>
    <message>
        <source>The &amp;classic rule&apos;s one backtrack square: 8×8 from e3</source>
        <translation>经典规则唯一需要回溯的起点：8×8，从 e3 出发(&amp;C)</translation>
    </message>
    <message>
        <source>The course programs&apos; rule (Warnsdorff, ties in the fixed move order) backtracks from one 8×8 square only: e3. Its first dead end comes at move 60; 46 pops later the tour is complete, after 110 pushes.</source>
        <translation>课程程序的规则（Warnsdorff 规则，并列时按固定走法顺序）在 8×8 棋盘上只有从 e3 出发时才回溯。第 60 步第一次走入死路；再出栈 46 次后巡游完成，共入栈 110 次。</translation>
    </message>
    <message>
        <source>&amp;Greedy gets stuck: 8×8 from e3</source>
        <translation>贪心算法走进死路：8×8，从 e3 出发(&amp;G)</translation>
    </message>
    <message>
        <source>Greedy follows Warnsdorff&apos;s rule but never goes back: from e3, ties in the fixed order, it is stuck on a4 after 60 moves with 4 squares never visited. The classic rule backtracks there instead.</source>
        <translation>贪心算法遵循 Warnsdorff 规则，但从不回头：从 e3 出发、并列时按固定顺序，走了 60 步后卡在 a4，还有 4 个格子从未访问。经典规则在同一处会回溯。</translation>
    </message>
    <message>
        <source>An &amp;impossible start: 5×5 from b5</source>
        <translation>不可能的起点：5×5，从 b5 出发(&amp;I)</translation>
    </message>
    <message>
        <source>5×5 has 13 squares of the corners&apos; colour and 12 of the other. Every knight move changes colour, so a tour of 25 squares starts and ends on the corners&apos; colour; b5 is not, and no search is needed to know there is no tour.</source>
        <translation>5×5 棋盘上与角格同色的格子有 13 个，另一种颜色有 12 个。马每走一步都换一次颜色，所以 25 格的巡游必须从角格的颜色出发，也在这种颜色结束；b5 不是这种颜色，不用搜索就知道没有巡游。</translation>
    </message>
    <message>
        <source>A cl&amp;osed tour: 6×6 from c3</source>
        <translation>闭合巡游：6×6，从 c3 出发(&amp;O)</translation>
    </message>
    <message>
        <source>A closed tour ends a knight&apos;s move from its start. The search keeps only candidates that leave a way back to c3: it makes 8 pops near the end (44 pushes), and a dashed line closes the tour.</source>
        <translation>闭合巡游的最后一格与起点只差一个马步。搜索只保留仍能回到 c3 的候选格：临近结束时出栈 8 次（入栈 44 次），最后由一条虚线把巡游闭合。</translation>
    </message>
    <message>
        <source>&amp;Why the heuristic and its tie-break matter: 7×7</source>
        <translation>启发式规则及其并列规则为何重要：7×7(&amp;W)</translation>
    </message>
    <message>
        <source>The classic rule from g7 on 7×7 needs 291,565 pops before its first tour, yet from a7 it needs none, and Roth&apos;s tie-break finds a tour from g7 without a pop. Press Play and watch the counters.</source>
        <translation>经典规则在 7×7 棋盘上从 g7 出发，找到第一个巡游之前要出栈 291,565 次；从 a7 出发却一次也不用，而换用 Roth 并列规则从 g7 出发，不出栈就能找到巡游。按“播放”，观察计数。</translation>
    </message>
    <message>
        <source>Two tie-breaks, one square (1): &amp;Roth&apos;s rule on 7×7 from b6</source>
        <translation>同一起点，两种并列规则（一）：Roth 规则，7×7，从 b6 出发(&amp;R)</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule with Roth&apos;s tie-break (farthest from the centre first) from b6 on 7×7: a tour without a single pop. Then take the next lesson: the same square with the look-ahead rule.</source>
        <translation>Warnsdorff 规则配合 Roth 并列规则（先走离中心最远的格子），在 7×7 棋盘上从 b6 出发：一次出栈都没有就完成了巡游。接着请选下一课：同一起点，换用前瞻规则。</translation>
    </message>
    <message>
        <source>Two tie-breaks, one square (2): the &amp;look-ahead rule on 7×7 from b6</source>
        <translation>同一起点，两种并列规则（二）：前瞻规则，7×7，从 b6 出发(&amp;L)</translation>
    </message>
    <message>
        <source>The same square with the look-ahead rule (the default): 303 pops before the tour, where Roth&apos;s rule needs none. No tie-break is best from every square; Analysis ▸ Compare algorithms runs them all from here.</source>
        <translation>同一起点换用前瞻规则（默认规则）：完成巡游之前要出栈 303 次，而 Roth 规则一次也不用。没有哪种并列规则对每个起点都最好；“分析 ▸ 比较算法”可以从这里把它们都运行一遍。</translation>
    </message>
    <message>
        <source>Choose a lesson in the Lessons menu: each sets up a search and says what to watch.</source>
        <translation>在“课程”菜单中选一课：每一课都会设置好一次搜索，并说明要观察什么。</translation>
    </message>
    <message>
        <source>That tour needed no backtracking. To watch the search go back, try Lessons ▸ %s.</source>
        <translation>这次巡游没有回溯。想看搜索如何退回，请试试“课程 ▸ %s”。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>max</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>Closed tours on boards over %1×%1 are built by construction: a backtracking search would not finish. Choose another algorithm to search instead.</source>
        <translation>大于 %1×%1 的棋盘上的闭合巡游路线用构造法得到：回溯搜索无法完成。如要改用搜索，请另选一种算法。</translation>
    </message>
    <message>
        <source>Knight&apos;s Tour — %s</source>
        <translation>马踏棋盘 — %s</translation>
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
        <source>Knight&apos;s Tour — %s — %s</source>
        <translation>马踏棋盘 — %s — %s</translation>
    </message>
    <message>
        <source>Back to the first event of your solver&apos;s run (it is not run again)</source>
        <translation>回到你的求解程序这次运行的第一个事件（不会重新运行）</translation>
    </message>
    <message>
        <source>Back to the start square with a fresh search</source>
        <translation>回到起点，重新开始搜索</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <source>maximum</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>1 square</source>
        <translation>共 1 格</translation>
    </message>
    <message>
        <source>%s squares</source>
        <translation>共 %s 格</translation>
    </message>
    <message>
        <source>1 backtrack</source>
        <translation>回溯 1 次</translation>
    </message>
    <message>
        <source>%s backtracks</source>
        <translation>回溯 %s 次</translation>
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
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Export SVG</source>
        <translation>导出 SVG</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Knight&apos;s tour</source>
        <translation>马的巡游</translation>
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
    <name>Messages</name>
    <message>
        <source>tour #%1 found</source>
        <comment>tour</comment>
        <translation>找到第 %1 个巡游</translation>
    </message>
    <message>
        <source>the search is exhausted: no tour starts on %1 of %2</source>
        <comment>exhausted</comment>
        <translation>搜索已穷尽：在 %2 棋盘上没有从 %1 出发的巡游</translation>
    </message>
    <message numerus="yes">
        <source>the search is exhausted: %n tours in all from %2</source>
        <comment>exhausted-after-tours</comment>
        <translation>
            <numerusform>搜索已穷尽：从 %2 出发共有 %n 个巡游</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stuck on %2 after %n moves: no unvisited square is a knight&apos;s move away, and greedy does not backtrack</source>
        <comment>stuck</comment>
        <translation>
            <numerusform>走了 %n 步后卡在 %2：一步马步之内没有未访问的格子，而贪心算法不回溯</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the budget of %n pushes is used up</source>
        <comment>budget-nodes</comment>
        <translation>
            <numerusform>%n 次入栈的预算已用完</numerusform>
        </translation>
    </message>
    <message>
        <source>the budget of %1 s is used up</source>
        <comment>budget-seconds</comment>
        <translation>%1 秒的时间预算已用完</translation>
    </message>
    <message>
        <source>the construction built no tour from %1</source>
        <comment>construct-none</comment>
        <translation>构造法没有从 %1 得到巡游路线</translation>
    </message>
    <message>
        <source>tour found by the fallback (tour/closed.py: the constructed tour, or Warnsdorff with Pósa&apos;s rotations) after the search used up its budget</source>
        <comment>tour-fallback</comment>
        <translation>搜索用完预算后，由后备方法找到巡游路线（tour/closed.py：构造出的巡游路线，或 Warnsdorff 规则加 Pósa 旋转）</translation>
    </message>
    <message>
        <source>the solver ended: %1</source>
        <comment>student-ended</comment>
        <translation>求解程序结束了：%1</translation>
    </message>
    <message>
        <source>the solver was stopped at its limit: %1</source>
        <comment>student-limit</comment>
        <translation>求解程序达到限制后被停止：%1</translation>
    </message>
    <message>
        <source>the solver&apos;s event is illegal: %1</source>
        <comment>student-illegal</comment>
        <translation>求解程序给出了非法事件：%1</translation>
    </message>
    <message>
        <source>the solver failed: %1</source>
        <comment>student-error</comment>
        <translation>求解程序出错：%1</translation>
    </message>
    <message numerus="yes">
        <source>saved mid-search after %n pushes</source>
        <comment>saved-mid-search</comment>
        <translation>
            <numerusform>搜索中途保存，此时已入栈 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>the replay ends here</source>
        <comment>replay-end</comment>
        <translation>回放到此结束</translation>
    </message>
    <message>
        <source>%1</source>
        <comment>verbatim</comment>
        <translation>%1</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <comment>json-empty</comment>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>not UTF-8</source>
        <comment>json-not-utf8</comment>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>nested too deeply</source>
        <comment>json-nested</comment>
        <translation>嵌套层数过多</translation>
    </message>
    <message>
        <source>a number has too many digits</source>
        <comment>json-digits</comment>
        <translation>有一个数的位数过多</translation>
    </message>
    <message>
        <source>Expecting value at line %1, column %2</source>
        <comment>json-value</comment>
        <translation>第 %1 行第 %2 列处应当是一个值</translation>
    </message>
    <message>
        <source>Expecting &apos;,&apos; delimiter at line %1, column %2</source>
        <comment>json-comma</comment>
        <translation>第 %1 行第 %2 列处缺少逗号“,”</translation>
    </message>
    <message>
        <source>Expecting &apos;:&apos; delimiter at line %1, column %2</source>
        <comment>json-colon</comment>
        <translation>第 %1 行第 %2 列处缺少冒号“:”</translation>
    </message>
    <message>
        <source>Expecting property name enclosed in double quotes at line %1, column %2</source>
        <comment>json-name</comment>
        <translation>第 %1 行第 %2 列处应当是用双引号括起来的名字</translation>
    </message>
    <message>
        <source>Unterminated string starting at line %1, column %2</source>
        <comment>json-string</comment>
        <translation>从第 %1 行第 %2 列开始的字符串没有结束的引号</translation>
    </message>
    <message>
        <source>Invalid control character at line %1, column %2</source>
        <comment>json-control</comment>
        <translation>第 %1 行第 %2 列处的字符串里有控制字符</translation>
    </message>
    <message>
        <source>Invalid \escape at line %1, column %2</source>
        <comment>json-escape</comment>
        <translation>第 %1 行第 %2 列处的字符串里有无效的转义“\”</translation>
    </message>
    <message>
        <source>Extra data at line %1, column %2</source>
        <comment>json-extra</comment>
        <translation>第 %1 行第 %2 列处在数据结束之后还有多余的内容</translation>
    </message>
    <message>
        <source>Illegal trailing comma at line %1, column %2</source>
        <comment>json-trailing-comma</comment>
        <translation>第 %1 行第 %2 列处在右括号前多了一个逗号</translation>
    </message>
    <message>
        <source>%1 at line %2, column %3</source>
        <comment>json-other</comment>
        <translation>%1（第 %2 行第 %3 列）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <comment>file-cannot-read</comment>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <comment>file-cannot-write</comment>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot read a file with an empty name</source>
        <comment>file-empty-name-read</comment>
        <translation>无法读取：文件名为空</translation>
    </message>
    <message>
        <source>cannot write a file with an empty name</source>
        <comment>file-empty-name-write</comment>
        <translation>无法写入：文件名为空</translation>
    </message>
    <message>
        <source>a file name cannot hold a NUL character</source>
        <comment>file-nul</comment>
        <translation>文件名不能含有 NUL 字符</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <comment>file-no-folder</comment>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <comment>file-not-regular</comment>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <source>it is %1, not a regular file</source>
        <comment>file-kind</comment>
        <translation>它是%1，不是普通文件</translation>
    </message>
    <message>
        <source>a folder</source>
        <comment>file-kind-folder</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <comment>file-kind-fifo</comment>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <source>a character device</source>
        <comment>file-kind-char</comment>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <comment>file-kind-block</comment>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <comment>file-kind-socket</comment>
        <translation>套接字</translation>
    </message>
    <message>
        <source>no free temporary file name in %1</source>
        <comment>file-no-temp</comment>
        <translation>%1 中找不到可用的临时文件名</translation>
    </message>
    <message>
        <source>%1: %2, larger than the limit of %3</source>
        <comment>file-too-large</comment>
        <translation>%1：%2，超过了 %3 的上限</translation>
    </message>
    <message>
        <source>%1: larger than the limit of %2</source>
        <comment>file-grew</comment>
        <translation>%1：超过了 %2 的上限</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <comment>file-disk-full</comment>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>the disk quota is used up</source>
        <comment>file-quota</comment>
        <translation>磁盘配额已用完</translation>
    </message>
    <message>
        <source>permission denied</source>
        <comment>file-permission</comment>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <comment>file-read-only</comment>
        <translation>文件系统是只读的</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <comment>file-name-too-long</comment>
        <translation>文件名太长</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <comment>file-no-such</comment>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <comment>file-not-folder</comment>
        <translation>路径中有一部分不是文件夹</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <comment>file-is-folder</comment>
        <translation>它是文件夹</translation>
    </message>
    <message>
        <source>too many levels of symbolic links</source>
        <comment>file-loop</comment>
        <translation>符号链接的层数太多</translation>
    </message>
    <message>
        <source>input/output error</source>
        <comment>file-io</comment>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>the file is too large for the file system</source>
        <comment>file-too-big</comment>
        <translation>文件对这个文件系统来说太大</translation>
    </message>
    <message>
        <source>the file is busy</source>
        <comment>file-busy</comment>
        <translation>文件正忙</translation>
    </message>
    <message>
        <source>unknown error</source>
        <comment>file-unknown-error</comment>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>the encoder failed</source>
        <comment>file-encoder-failed</comment>
        <translation>编码器出错</translation>
    </message>
    <message>
        <source>the %1 encoder failed (an image of %2×%3 px)</source>
        <comment>file-image-encoder-failed</comment>
        <translation>%1 编码器出错（图像 %2×%3 像素）</translation>
    </message>
    <message>
        <source>not a knight-tour file (no &quot;format&quot;: &quot;knight-tour&quot;)</source>
        <comment>format-not-ours</comment>
        <translation>不是马踏棋盘文件（没有 &quot;format&quot;: &quot;knight-tour&quot;）</translation>
    </message>
    <message>
        <source>version %1 is not supported; this program reads version %2</source>
        <comment>format-version</comment>
        <translation>不支持版本 %1；本程序读取版本 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <comment>format-missing</comment>
        <translation>缺少 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2, not %3</source>
        <comment>format-wrong-kind</comment>
        <translation>&quot;%1&quot; 应当是%2，而不是 %3</translation>
    </message>
    <message>
        <source>a whole number</source>
        <comment>format-kind-int</comment>
        <translation>整数</translation>
    </message>
    <message>
        <source>a string</source>
        <comment>format-kind-str</comment>
        <translation>字符串</translation>
    </message>
    <message>
        <source>true or false</source>
        <comment>format-kind-bool</comment>
        <translation>布尔值（true 或 false）</translation>
    </message>
    <message>
        <source>a list</source>
        <comment>format-kind-list</comment>
        <translation>列表</translation>
    </message>
    <message>
        <source>the start</source>
        <comment>format-the-start</comment>
        <translation>起点</translation>
    </message>
    <message>
        <source>move %1</source>
        <comment>format-move</comment>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>%1 is %2, not a [row, column] pair of whole numbers</source>
        <comment>format-not-a-pair</comment>
        <translation>%1 是 %2，不是由两个整数组成的 [行, 列]</translation>
    </message>
    <message>
        <source>%1 (%2, %3) is off the %4 board</source>
        <comment>format-off-board</comment>
        <translation>%1 (%2, %3) 不在 %4 棋盘上</translation>
    </message>
    <message>
        <source>unknown algorithm %1</source>
        <comment>format-algorithm</comment>
        <translation>未知的算法 %1</translation>
    </message>
    <message>
        <source>unknown tie-break %1</source>
        <comment>format-tie-break</comment>
        <translation>未知的并列选择规则 %1</translation>
    </message>
    <message>
        <source>unknown outcome %1; expected one of %2</source>
        <comment>format-outcome</comment>
        <translation>未知的结果 %1；应当是 %2 之一</translation>
    </message>
    <message>
        <source>the path starts on %1, not on the start %2</source>
        <comment>format-path-start</comment>
        <translation>路径从 %1 开始，而不是从起点 %2 开始</translation>
    </message>
    <message>
        <source>the path is not a knight&apos;s tour: %1</source>
        <comment>format-not-a-tour</comment>
        <translation>这条路径不是马的巡游：%1</translation>
    </message>
    <message>
        <source>the path is not a knight&apos;s path: %1</source>
        <comment>format-not-a-path</comment>
        <translation>这条路径不是马的路径：%1</translation>
    </message>
    <message>
        <source>a stuck file must hold the path the knight got stuck on, not an empty one</source>
        <comment>format-stuck-empty</comment>
        <translation>“卡住”的文件必须含有马卡住前走过的路径，不能为空</translation>
    </message>
    <message>
        <source>a %1 file must have an empty path, not %2 squares</source>
        <comment>format-path-not-empty</comment>
        <translation>结果为 %1 的文件路径应当为空，而不是 %2 格</translation>
    </message>
    <message>
        <source>its reason says a tour was found, but its outcome is %1</source>
        <comment>format-code-outcome</comment>
        <translation>它的原因说找到了巡游路线，但结果却是 %1</translation>
    </message>
    <message>
        <source>pushes and pops must not be negative</source>
        <comment>format-negative</comment>
        <translation>入栈和出栈次数不能为负</translation>
    </message>
    <message>
        <source>board rows must be between 1 and %1, not %2</source>
        <comment>board-rows-range</comment>
        <translation>棋盘行数必须在 1 到 %1 之间，而不是 %2</translation>
    </message>
    <message>
        <source>board columns must be between 1 and %1, not %2</source>
        <comment>board-columns-range</comment>
        <translation>棋盘列数必须在 1 到 %1 之间，而不是 %2</translation>
    </message>
    <message>
        <source>the path has %1 squares; a tour of %2 has %3</source>
        <comment>path-length</comment>
        <translation>路径有 %1 格；%2 的巡游有 %3 格</translation>
    </message>
    <message>
        <source>move %1 (%2) is not a square of %3</source>
        <comment>path-not-a-square</comment>
        <translation>第 %1 步（%2）不是 %3 上的格子</translation>
    </message>
    <message>
        <source>move %1 returns to %2, visited before</source>
        <comment>path-revisit</comment>
        <translation>第 %1 步回到了之前访问过的 %2</translation>
    </message>
    <message>
        <source>move %1 from %2 to %3 is not a knight&apos;s move</source>
        <comment>path-not-a-move</comment>
        <translation>第 %1 步从 %2 到 %3 不是马步</translation>
    </message>
    <message>
        <source>a one-square path cannot be closed</source>
        <comment>path-one-square-closed</comment>
        <translation>只有一格的路径不能是闭合的</translation>
    </message>
    <message>
        <source>the last square %1 is not a knight&apos;s move from the start %2, so the tour is not closed</source>
        <comment>path-not-closed</comment>
        <translation>最后一格 %1 与起点 %2 不相隔一个马步，所以巡游不是闭合的</translation>
    </message>
    <message>
        <source>it is not a list</source>
        <comment>trace-not-a-list</comment>
        <translation>它不是列表</translation>
    </message>
    <message>
        <source>it has %1 events, more than %2</source>
        <comment>trace-too-long</comment>
        <translation>它有 %1 个事件，超过了 %2</translation>
    </message>
    <message>
        <source>event %1 is not a push, pop or outcome</source>
        <comment>trace-not-an-event</comment>
        <translation>第 %1 个事件既不是入栈、出栈，也不是结果</translation>
    </message>
    <message>
        <source>event %1 is malformed</source>
        <comment>trace-malformed</comment>
        <translation>第 %1 个事件格式有误</translation>
    </message>
    <message>
        <source>event %1 is off the board</source>
        <comment>trace-off-board</comment>
        <translation>第 %1 个事件不在棋盘上</translation>
    </message>
    <message>
        <source>event %1 is a malformed pop</source>
        <comment>trace-malformed-pop</comment>
        <translation>第 %1 个事件是格式有误的出栈</translation>
    </message>
    <message>
        <source>event %1 is a malformed outcome</source>
        <comment>trace-malformed-outcome</comment>
        <translation>第 %1 个事件是格式有误的结果</translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <comment>trace-misfit-at</comment>
        <translation>第 %1 个事件：%2</translation>
    </message>
    <message>
        <source>it does not end on the saved path and counters</source>
        <comment>trace-end-misfit</comment>
        <translation>它的终点与保存的路径和计数不符</translation>
    </message>
    <message>
        <source>it does not start on the saved start square</source>
        <comment>trace-start-misfit</comment>
        <translation>它的起点与保存的起点不符</translation>
    </message>
    <message>
        <source>push of %1 as move %2 does not fit a path of %3 squares</source>
        <comment>replay-push-misfit</comment>
        <translation>%1 作为第 %2 步入栈，与 %3 格的路径不符</translation>
    </message>
    <message>
        <source>%1 is not a knight&apos;s move from %2</source>
        <comment>replay-not-a-move</comment>
        <translation>%1 与 %2 不相隔一个马步</translation>
    </message>
    <message>
        <source>pop does not fit the top of the path</source>
        <comment>replay-pop-misfit</comment>
        <translation>出栈与路径的栈顶不符</translation>
    </message>
    <message>
        <source>not an event: %1</source>
        <comment>replay-not-an-event</comment>
        <translation>不是事件：%1</translation>
    </message>
    <message>
        <source>nothing to animate: %1</source>
        <comment>animation-nothing</comment>
        <translation>没有可以做成动画的内容：%1</translation>
    </message>
    <message>
        <source>the search makes no move</source>
        <comment>animation-no-move</comment>
        <translation>搜索没有走出任何一步</translation>
    </message>
    <message>
        <source>the search has only %1 events; the start event %2 is past its end</source>
        <comment>animation-past-end</comment>
        <translation>搜索只有 %1 个事件；起始事件 %2 超出了它的末尾</translation>
    </message>
    <message>
        <source>GIF, WebP and APNG export needs Pillow, which is not installed: %1</source>
        <comment>animation-no-pillow</comment>
        <translation>导出 GIF、WebP 和 APNG 需要 Pillow，但它没有安装：%1</translation>
    </message>
    <message>
        <source>this Pillow was built without WebP: write .gif or .apng instead</source>
        <comment>animation-no-webp</comment>
        <translation>这个 Pillow 构建时没有 WebP 支持：请改写 .gif 或 .apng</translation>
    </message>
    <message>
        <source>MP4 needs the ffmpeg program, which was not found on PATH; write .gif, .webp or .apng instead (or install ffmpeg)</source>
        <comment>animation-no-ffmpeg</comment>
        <translation>MP4 需要 ffmpeg 程序，但在 PATH 中找不到它；请改写 .gif、.webp 或 .apng（或安装 ffmpeg）</translation>
    </message>
    <message>
        <source>ffmpeg stopped reading the frames</source>
        <comment>animation-ffmpeg-stopped</comment>
        <translation>ffmpeg 停止读取帧</translation>
    </message>
    <message>
        <source>ffmpeg failed: %1</source>
        <comment>animation-ffmpeg-failed</comment>
        <translation>ffmpeg 出错：%1</translation>
    </message>
    <message>
        <source>ffmpeg failed: exit code %1</source>
        <comment>animation-ffmpeg-exit</comment>
        <translation>ffmpeg 出错：退出码 %1</translation>
    </message>
    <message>
        <source>unknown animation format %1; use .gif, .webp, .apng or .mp4</source>
        <comment>animation-format</comment>
        <translation>未知的动画格式 %1；请用 .gif、.webp、.apng 或 .mp4</translation>
    </message>
    <message>
        <source>%1 is not a Python file: it is not text in UTF-8 (or the encoding its first lines name)</source>
        <comment>solver-not-text</comment>
        <translation>%1 不是 Python 文件：它不是 UTF-8 文本（也不是其开头几行声明的编码）</translation>
    </message>
    <message>
        <source>%1 is not a Python file: it holds NUL bytes (a binary file?)</source>
        <comment>solver-nul</comment>
        <translation>%1 不是 Python 文件：它含有 NUL 字节（是二进制文件吗？）</translation>
    </message>
    <message>
        <source>%1, line %2: %3 (not valid Python)</source>
        <comment>solver-syntax</comment>
        <translation>%1，第 %2 行：%3（不是有效的 Python）</translation>
    </message>
    <message>
        <source>%1, somewhere: %2 (not valid Python)</source>
        <comment>solver-syntax-somewhere</comment>
        <translation>%1，某处：%2（不是有效的 Python）</translation>
    </message>
    <message>
        <source>%1 is not valid Python: %2</source>
        <comment>solver-invalid</comment>
        <translation>%1 不是有效的 Python：%2</translation>
    </message>
    <message>
        <source>%1 defines no function solve(rows, cols, start)</source>
        <comment>solver-no-solve</comment>
        <translation>%1 没有定义函数 solve(rows, cols, start)</translation>
    </message>
    <message>
        <source>%1: solve is %2, not a function solve(rows, cols, start)</source>
        <comment>solver-solve-not-function</comment>
        <translation>%1：solve 是 %2，不是函数 solve(rows, cols, start)</translation>
    </message>
    <message>
        <source>%1: solve%2 cannot be called as solve(rows, cols, start)</source>
        <comment>solver-solve-signature</comment>
        <translation>%1：solve%2 不能按 solve(rows, cols, start) 调用</translation>
    </message>
    <message>
        <source>%1: solve returned %2 (%3), not the events: write it as a generator, with yield</source>
        <comment>solver-solve-returned</comment>
        <translation>%1：solve 返回了 %2（%3），而不是事件：请把它写成生成器，用 yield</translation>
    </message>
    <message>
        <source>the row must be a whole number, not %1</source>
        <comment>solver-event-row</comment>
        <translation>行必须是整数，而不是 %1</translation>
    </message>
    <message>
        <source>the column must be a whole number, not %1</source>
        <comment>solver-event-column</comment>
        <translation>列必须是整数，而不是 %1</translation>
    </message>
    <message>
        <source>%1 is not an event: yield a tuple (kind, (row, col)), like (&quot;push&quot;, (0, 0))</source>
        <comment>solver-event-not-tuple</comment>
        <translation>%1 不是事件：请 yield 一个元组 (kind, (row, col))，例如 (&quot;push&quot;, (0, 0))</translation>
    </message>
    <message>
        <source>%1 has the kind %2: the kind is &quot;push&quot; or &quot;pop&quot;</source>
        <comment>solver-event-kind</comment>
        <translation>%1 的种类是 %2：种类只能是 &quot;push&quot; 或 &quot;pop&quot;</translation>
    </message>
    <message>
        <source>%1: the square must be a tuple (row, col), not %2</source>
        <comment>solver-event-square</comment>
        <translation>%1：格子必须是元组 (row, col)，而不是 %2</translation>
    </message>
    <message>
        <source>event %1: %2</source>
        <comment>solver-malformed</comment>
        <translation>第 %1 个事件：%2</translation>
    </message>
    <message>
        <source>event %1: %2 (%3, %4): the first event must push the start %5</source>
        <comment>solver-illegal-first</comment>
        <translation>第 %1 个事件：%2 (%3, %4)：第一个事件必须把起点 %5 入栈</translation>
    </message>
    <message>
        <source>event %1: %2 (%3, %4) is off the %5 board (rows 0..%6, columns 0..%7)</source>
        <comment>solver-illegal-off-board</comment>
        <translation>第 %1 个事件：%2 (%3, %4) 不在 %5 棋盘上（行 0..%6，列 0..%7）</translation>
    </message>
    <message>
        <source>event %1: %2 (%3, %4) but the stack is empty: the search ended when it popped the start</source>
        <comment>solver-illegal-empty</comment>
        <translation>第 %1 个事件：%2 (%3, %4)，但栈已经空了：起点出栈时搜索就结束了</translation>
    </message>
    <message>
        <source>event %1: %2 (%3, %4) is not a knight&apos;s move from %5, the top of the stack</source>
        <comment>solver-illegal-not-a-move</comment>
        <translation>第 %1 个事件：%2 (%3, %4) 与栈顶 %5 不相隔一个马步</translation>
    </message>
    <message>
        <source>event %1: %2 (%3, %4) lands on a square already on the stack (move %5)</source>
        <comment>solver-illegal-on-stack</comment>
        <translation>第 %1 个事件：%2 (%3, %4) 落在已经在栈中的格子上（第 %5 步）</translation>
    </message>
    <message>
        <source>event %1: %2 (%3, %4) does not name the top of the stack, %5</source>
        <comment>solver-illegal-not-top</comment>
        <translation>第 %1 个事件：%2 (%3, %4) 不是栈顶 %5</translation>
    </message>
    <message>
        <source>event %1 popped %2 without trying %3, a free square a knight&apos;s move away (was a popped square left marked as visited?)</source>
        <comment>solver-hint</comment>
        <translation>第 %1 个事件把 %2 出栈，却没有尝试 %3——一个马步可达的空闲格子（是不是出栈的格子仍被标记为已访问？）</translation>
    </message>
    <message>
        <source>%1 raised %2 (line %3 of %4) while it was loaded</source>
        <comment>solver-raised-load-line</comment>
        <translation>%1 在加载时抛出了 %2（%4 第 %3 行）</translation>
    </message>
    <message>
        <source>%1 raised %2 while it was loaded</source>
        <comment>solver-raised-load</comment>
        <translation>%1 在加载时抛出了 %2</translation>
    </message>
    <message>
        <source>solve raised %1 (line %2 of %3) after %4</source>
        <comment>solver-raised-line</comment>
        <translation>solve 在 %4之后抛出了 %1（%3 第 %2 行）</translation>
    </message>
    <message>
        <source>solve raised %1 after %2</source>
        <comment>solver-raised</comment>
        <translation>solve 在 %2之后抛出了 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n events</source>
        <comment>solver-events</comment>
        <translation>
            <numerusform>%n 个事件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tours, every event legal; then %2</source>
        <comment>solver-tours-then</comment>
        <translation>
            <numerusform>%n 个巡游，每个事件都合法；之后%2</numerusform>
        </translation>
    </message>
    <message>
        <source>every event legal up to the tour: the stack holds all %1 squares after event %2</source>
        <comment>solver-tour</comment>
        <translation>直到巡游为止每个事件都合法：第 %2 个事件之后，栈中有全部 %1 个格子</translation>
    </message>
    <message>
        <source>the limit of %1 events was reached</source>
        <comment>solver-event-limit</comment>
        <translation>达到了 %1 个事件的上限</translation>
    </message>
    <message>
        <source>the limit of %1 events was reached before a tour</source>
        <comment>solver-event-limit-no-tour</comment>
        <translation>在找到巡游之前达到了 %1 个事件的上限</translation>
    </message>
    <message>
        <source>stopped after %1</source>
        <comment>solver-stopped</comment>
        <translation>%1之后被停止</translation>
    </message>
    <message>
        <source>solve finished after %1</source>
        <comment>solver-finished</comment>
        <translation>solve 在 %1之后结束</translation>
    </message>
    <message>
        <source>solve finished after %1 without a tour</source>
        <comment>solver-finished-no-tour</comment>
        <translation>solve 在 %1之后结束，没有找到巡游</translation>
    </message>
    <message>
        <source>solve finished after %1 without a tour; %2</source>
        <comment>solver-finished-hint</comment>
        <translation>solve 在 %1之后结束，没有找到巡游；%2</translation>
    </message>
    <message>
        <source>the time limit of %1 s ran out after %2</source>
        <comment>solver-time-limit</comment>
        <translation>%1 秒的时间限制在 %2之后用完</translation>
    </message>
    <message>
        <source>the time limit of %1 s ran out after %2, at line %3 of %4 (%5)</source>
        <comment>solver-time-limit-line</comment>
        <translation>%1 秒的时间限制在 %2之后用完，停在 %4 第 %3 行（%5）</translation>
    </message>
    <message>
        <source>the solver&apos;s process could not start</source>
        <comment>solver-no-start</comment>
        <translation>求解程序的进程无法启动</translation>
    </message>
    <message>
        <source>the solver&apos;s process could not start: %1</source>
        <comment>solver-no-start-said</comment>
        <translation>求解程序的进程无法启动：%1</translation>
    </message>
    <message>
        <source>the solver&apos;s process did not start within %1 s</source>
        <comment>solver-slow-start</comment>
        <translation>求解程序的进程没有在 %1 秒内启动</translation>
    </message>
    <message>
        <source>the solver&apos;s process ended without a word (%1) after %2: did it call os._exit, or crash?</source>
        <comment>solver-died</comment>
        <translation>求解程序的进程在 %2之后一声不响地结束了（%1）：它调用了 os._exit，还是崩溃了？</translation>
    </message>
    <message>
        <source>killed by signal %1</source>
        <comment>solver-signal</comment>
        <translation>被信号 %1 终止</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <comment>solver-exit-code</comment>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>a closed tour needs a last move back to the start, and a 1×1 board has no moves</source>
        <comment>closed-one-square</comment>
        <translation>闭合巡游的最后一步要跳回起点，而 1×1 棋盘上马无步可走</translation>
    </message>
    <message>
        <source>%1 has an odd number of squares (%2); a closed tour alternates colours, so it needs as many squares of each colour (Schwenk&apos;s theorem)</source>
        <comment>closed-odd</comment>
        <translation>%1 棋盘的格数为奇数（%2 格）；闭合巡游黑白格交替，两种颜色的格子必须一样多（Schwenk 定理）</translation>
    </message>
    <message numerus="yes">
        <source>no board with %n rows or columns has a closed tour (Schwenk&apos;s theorem)</source>
        <comment>closed-narrow</comment>
        <translation>
            <numerusform>行数或列数为 %n 的棋盘都没有闭合巡游（Schwenk 定理）</numerusform>
        </translation>
    </message>
    <message>
        <source>3×%1 boards have no closed tour (Schwenk&apos;s theorem: 3×4, 3×6 and 3×8 are the exceptions among 3-row boards)</source>
        <comment>closed-3xn</comment>
        <translation>3×%1 棋盘没有闭合巡游（Schwenk 定理：3 行的棋盘中 3×4、3×6 和 3×8 是例外）</translation>
    </message>
    <message>
        <source>on %1 every knight move leaves the board, so the knight cannot move at all</source>
        <comment>open-one-row</comment>
        <translation>在 %1 棋盘上马的每一步都会跳出棋盘，马根本无法移动</translation>
    </message>
    <message>
        <source>a board with 2 rows or columns splits into short chains a knight cannot join, so %1 has no tour</source>
        <comment>open-two-rows</comment>
        <translation>只有 2 行或 2 列的棋盘会分成马无法连起来的几条短链，所以 %1 棋盘没有巡游</translation>
    </message>
    <message>
        <source>the centre of 3×3 is not a knight&apos;s move from any square</source>
        <comment>open-3x3</comment>
        <translation>3×3 棋盘的中心格不能由任何格子一步跳到</translation>
    </message>
    <message>
        <source>%1 has no knight&apos;s tour from any square (Cull and De Curtins; Conrad et al.)</source>
        <comment>open-small</comment>
        <translation>%1 棋盘从任何格子出发都没有马的巡游（Cull 与 De Curtins；Conrad 等）</translation>
    </message>
    <message>
        <source>%1 has %2 squares of the corners&apos; colour and %3 of the other; a tour alternates colours, so it must start on the corners&apos; colour and %4 is not</source>
        <comment>open-minority-colour</comment>
        <translation>%1 棋盘上与角格同色的格子有 %2 个，另一种颜色有 %3 个；巡游黑白格交替，必须从角格的颜色出发，而 %4 不是这种颜色</translation>
    </message>
    <message>
        <source>on %1 a knight&apos;s move from the two outer lines of %2 squares always lands on a middle line, so no two outer squares follow each other in a tour; half the squares are outer, so a tour from %3, on a middle line, would have to alternate middle and outer squares all the way and reach outer squares of one colour only, but the outer lines hold both colours</source>
        <comment>open-4xn-middle</comment>
        <translation>在 %1 棋盘上，从两条各有 %2 格的外侧线出发的马步总是落在中间线上，所以巡游中不会有两个外侧格相邻；外侧格占一半，所以从中间线上的 %3 出发的巡游只能中间格与外侧格一路交替，于是只能走到一种颜色的外侧格，而外侧线上两种颜色都有</translation>
    </message>
    <message>
        <source>%1 has no unvisited onward square</source>
        <comment>pop-dead-end</comment>
        <translation>%1 没有未访问的后继格</translation>
    </message>
    <message numerus="yes">
        <source>all %n candidates of %2 tried</source>
        <comment>pop-exhausted</comment>
        <translation>
            <numerusform>%2 的候选格都已试过（共 %n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>every unvisited onward square of %1 would cut off the way back to the start</source>
        <comment>pop-cut-off</comment>
        <translation>%1 的每个未访问后继格都会切断回到起点的路</translation>
    </message>
    <message>
        <source>the tour is reported; %1 is taken back to look for the next tour</source>
        <comment>pop-next-tour</comment>
        <translation>已报告巡游；收回 %1，寻找下一个巡游</translation>
    </message>
    <message>
        <source>its only candidate %1 was a dead end</source>
        <comment>pop-why-only-dead-end</comment>
        <translation>它唯一的候选格 %1 是死路</translation>
    </message>
    <message>
        <source>its only candidate %1 led to no tour</source>
        <comment>pop-why-only-failed</comment>
        <translation>从它唯一的候选格 %1 出发找不到巡游</translation>
    </message>
    <message>
        <source>%1 has no unvisited square a knight&apos;s move away: a dead end</source>
        <comment>pop-why-dead-end</comment>
        <translation>%1 一个马步之内没有未访问的格子：是死路</translation>
    </message>
    <message numerus="yes">
        <source>its %n candidates (%2) all led to no tour</source>
        <comment>pop-why-all-failed</comment>
        <translation>
            <numerusform>从它的 %n 个候选格（%2）出发都找不到巡游</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its %n candidates (%2) were all dead ends</source>
        <comment>pop-why-dead-ends</comment>
        <translation>
            <numerusform>它的 %n 个候选格（%2）都是死路</numerusform>
        </translation>
    </message>
    <message>
        <source>back to %1 (move %2), which tries its next candidate, %3</source>
        <comment>pop-back-next</comment>
        <translation>退回 %1（第 %2 步），由它试下一个候选格 %3</translation>
    </message>
    <message>
        <source>back to %1 (move %2), which has no candidate left and is popped next</source>
        <comment>pop-back-popped-next</comment>
        <translation>退回 %1（第 %2 步），它已没有候选格，接着也要出栈</translation>
    </message>
    <message>
        <source>the stack is empty: every way from the start has been tried</source>
        <comment>pop-back-empty</comment>
        <translation>栈已空：从起点出发的每条路都试过了</translation>
    </message>
    <message>
        <source>Pop %1 (move %2): %3</source>
        <comment>event-pop</comment>
        <translation>出栈 %1（第 %2 步）：%3</translation>
    </message>
    <message>
        <source>Pop %1 (move %2): %3; %4.</source>
        <comment>event-pop-story</comment>
        <translation>出栈 %1（第 %2 步）：%3；%4。</translation>
    </message>
    <message>
        <source>Push %1 as move %2 (degree %3)</source>
        <comment>event-push</comment>
        <translation>入栈 %1，第 %2 步（度数 %3）</translation>
    </message>
    <message>
        <source>Push %1 as move 1: the start square</source>
        <comment>event-push-start</comment>
        <translation>入栈 %1，第 1 步：起点</translation>
    </message>
    <message>
        <source>Push %1 as move %2: the only candidate of %3 (degree %4)</source>
        <comment>event-push-only</comment>
        <translation>入栈 %1，第 %2 步：它是 %3 唯一的候选格（度数 %4）</translation>
    </message>
    <message>
        <source>Push %1 as move %2: degree %3, the lowest of %4</source>
        <comment>event-push-lowest</comment>
        <translation>入栈 %1，第 %2 步：度数 %3，是 %4 中最小的</translation>
    </message>
    <message>
        <source>Push %1 as move %2: degree %3, the lowest of %4; %5 breaks the tie</source>
        <comment>event-push-tie</comment>
        <translation>入栈 %1，第 %2 步：度数 %3，是 %4 中最小的；并列时按%5选择</translation>
    </message>
    <message>
        <source>Push %1 as move %2: degree %3, the next of %4 after %5 tried</source>
        <comment>event-push-next</comment>
        <translation>入栈 %1，第 %2 步：度数 %3，%4 中试过 %5 个之后的下一个</translation>
    </message>
    <message>
        <source>Push %1 as move %2: the next square of the constructed tour</source>
        <comment>event-push-construct</comment>
        <translation>将 %1 作为第 %2 步入栈：构造出的巡游路线中的下一个格子</translation>
    </message>
    <message>
        <source>Push %1 as move %2: candidate %3 of %4 in the fixed move order (%5)</source>
        <comment>event-push-fixed</comment>
        <translation>入栈 %1，第 %2 步：按固定走法顺序的第 %3 个候选格，共 %4 个（%5）</translation>
    </message>
    <message>
        <source>Push %1 as move %2: candidate %3 of %4 in your solver&apos;s order (%5)</source>
        <comment>event-push-solver</comment>
        <translation>入栈 %1，第 %2 步：按你的求解程序的顺序的第 %3 个候选格，共 %4 个（%5）</translation>
    </message>
    <message>
        <source>Tour #%1 complete: all %2 squares are on the stack</source>
        <comment>event-tour</comment>
        <translation>第 %1 个巡游完成：全部 %2 个格子都在栈中</translation>
    </message>
    <message>
        <source>Tour #%1 complete: the board&apos;s one square is on the stack</source>
        <comment>event-tour-one</comment>
        <translation>第 %1 个巡游完成：棋盘唯一的格子在栈中</translation>
    </message>
    <message numerus="yes">
        <source>The stack is empty: the search is over (%n tours found)</source>
        <comment>event-exhausted</comment>
        <translation>
            <numerusform>栈已空：搜索结束（共找到 %n 个巡游）</numerusform>
        </translation>
    </message>
    <message>
        <source>The stack is empty: no tour starts on %1</source>
        <comment>event-no-tour</comment>
        <translation>栈已空：没有从 %1 出发的巡游</translation>
    </message>
    <message>
        <source>Stuck on %1: no unvisited onward square, and greedy does not backtrack</source>
        <comment>event-stuck</comment>
        <translation>卡在 %1：没有未访问的后继格，而贪心算法不回溯</translation>
    </message>
    <message>
        <source>The search stopped: its budget is used up</source>
        <comment>event-budget</comment>
        <translation>搜索停止：预算已用完</translation>
    </message>
    <message>
        <source>No search: a theorem rules out a tour from %1</source>
        <comment>event-impossible</comment>
        <translation>不需搜索：定理表明从 %1 出发没有巡游</translation>
    </message>
    <message>
        <source>the fixed move order</source>
        <comment>rule-fixed</comment>
        <translation>固定走法顺序</translation>
    </message>
    <message>
        <source>Roth&apos;s rule (farthest from the centre first)</source>
        <comment>rule-roth</comment>
        <translation>Roth 规则（先走离中心最远的）</translation>
    </message>
    <message>
        <source>Pohl&apos;s rule (smallest sum of onward degrees first)</source>
        <comment>rule-pohl</comment>
        <translation>Pohl 规则（先走后继度数之和最小的）</translation>
    </message>
    <message>
        <source>the look-ahead rule (smallest largest onward degree first)</source>
        <comment>rule-lookahead</comment>
        <translation>前瞻规则（后继格的最大度数最小者优先）</translation>
    </message>
    <message>
        <source># candidates of a square: its unvisited squares a knight&apos;s move away</source>
        <comment>code-candidates</comment>
        <translation># 一个格子的候选格：一步马步可达的未访问格子</translation>
    </message>
    <message>
        <source># candidates of a square: its unvisited squares a knight&apos;s move away that leave a way back to the start</source>
        <comment>code-candidates-closed</comment>
        <translation># 一个格子的候选格：一步马步可达、且仍留有回到起点之路的未访问格子</translation>
    </message>
    <message>
        <source>push the start square and its candidates</source>
        <comment>code-push-start</comment>
        <translation>起点及其候选格入栈</translation>
    </message>
    <message>
        <source>while the stack is not empty:</source>
        <comment>code-while</comment>
        <translation>当栈不空时：</translation>
    </message>
    <message>
        <source>    top ← the frame on top of the stack</source>
        <comment>code-top</comment>
        <translation>    top ← 栈顶的栈帧</translation>
    </message>
    <message>
        <source>    if the stack holds every square:</source>
        <comment>code-full</comment>
        <translation>    如果栈中已有全部格子：</translation>
    </message>
    <message>
        <source>    if the stack holds every square and top is a knight&apos;s move from the start:</source>
        <comment>code-full-closed</comment>
        <translation>    如果栈中已有全部格子，且 top 与起点相距一步马步：</translation>
    </message>
    <message>
        <source>        report the tour; pop top to look for the next</source>
        <comment>code-report</comment>
        <translation>        报告巡游；top 出栈，寻找下一个</translation>
    </message>
    <message>
        <source>        report the tour and stop (greedy never backtracks)</source>
        <comment>code-report-greedy</comment>
        <translation>        报告巡游并停止（贪心算法从不回溯）</translation>
    </message>
    <message>
        <source>    else if top has an untried candidate c:</source>
        <comment>code-has-next</comment>
        <translation>    否则如果 top 还有未试的候选格 c：</translation>
    </message>
    <message>
        <source>        mark c tried (the frame&apos;s next candidate moves on)</source>
        <comment>code-mark</comment>
        <translation>        标记 c 已试（栈帧的下一个候选格后移）</translation>
    </message>
    <message>
        <source>        push c and its candidates, in the fixed move order</source>
        <comment>code-push</comment>
        <translation>        c 及其候选格入栈，候选格按固定走法顺序排列</translation>
    </message>
    <message>
        <source>        push c and its candidates, fewest onward moves first</source>
        <comment>code-push-degree</comment>
        <translation>        c 及其候选格入栈，后继最少的排在前面</translation>
    </message>
    <message>
        <source>        push c and its candidates, in your solver&apos;s order</source>
        <comment>code-push-solver</comment>
        <translation>        c 及其候选格入栈，候选格按你的求解程序的顺序排列</translation>
    </message>
    <message>
        <source>    else:</source>
        <comment>code-else</comment>
        <translation>    否则：</translation>
    </message>
    <message>
        <source>        pop top: a dead end, or all its candidates tried</source>
        <comment>code-pop</comment>
        <translation>        top 出栈：死路，或它的候选格都已试过</translation>
    </message>
    <message>
        <source>        pop top: a dead end, the way back cut off, or all its candidates tried</source>
        <comment>code-pop-closed</comment>
        <translation>        top 出栈：死路、回到起点的路被切断，或它的候选格都已试过</translation>
    </message>
    <message>
        <source>        stop: stuck (greedy never pops)</source>
        <comment>code-stuck</comment>
        <translation>        停止：卡住（贪心算法从不出栈）</translation>
    </message>
    <message>
        <source>report: the search is over</source>
        <comment>code-end</comment>
        <translation>报告：搜索结束</translation>
    </message>
    <message>
        <source># build a closed tour by joining base tours block by block; a square&apos;s one candidate: the square after it in that tour</source>
        <comment>code-candidates-construct</comment>
        <translation># 把各小块的基本巡游路线逐块连接，构造一条闭合巡游路线；一个格子唯一的候选：该路线中它的下一个格子</translation>
    </message>
    <message>
        <source>        report the tour and stop (nothing is ever taken back)</source>
        <comment>code-report-construct</comment>
        <translation>        报告巡游路线并停止（从不撤回任何一步）</translation>
    </message>
    <message>
        <source>        push c: the next square of the constructed tour</source>
        <comment>code-push-construct</comment>
        <translation>        将 c 入栈：构造出的巡游路线中的下一个格子</translation>
    </message>
    <message>
        <source>        stop: no tour was built</source>
        <comment>code-stop-construct</comment>
        <translation>        停止：没有构造出巡游路线</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <source>Warnsdorff</source>
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
        <source>Construction</source>
        <translation>构造法</translation>
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
        <source>Closed tours by construction: base tours joined block by block (Parberry; Conrad et al.)</source>
        <translation>用构造法得到闭合巡游路线：把基本巡游路线逐块连接（Parberry；Conrad 等）</translation>
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
        <source>Look-ahead</source>
        <translation>前瞻规则</translation>
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
    <message>
        <source>One move further: of the tied squares, the one whose onward squares have the smallest highest degree first (then the smallest lowest degree), then Roth&apos;s rule. The default tie-break: it backtracks least</source>
        <translation>多看一步：在并列的格子中，先走其后继格的最大度数最小者（再比最小度数），仍并列时按 Roth 规则。这是默认的并列规则：回溯最少</translation>
    </message>
    <message>
        <source>%s (ties: %s)</source>
        <translation>%s（并列：%s）</translation>
    </message>
</context>
<context>
    <name>PlayLogModel</name>
    <message>
        <source>Took back move %s, %s</source>
        <translation>悔棋：第 %s 步，%s</translation>
    </message>
    <message>
        <source>Hint for move %s: %s (degree %s)</source>
        <translation>第 %s 步的提示：%s（度数 %s）</translation>
    </message>
    <message>
        <source>Move %s to %s again (degree %s)</source>
        <translation>第 %s 步重新走到 %s（度数 %s）</translation>
    </message>
    <message>
        <source>Start on %s (degree %s)</source>
        <translation>从 %s 出发（度数 %s）</translation>
    </message>
    <message>
        <source>Move %s to %s (degree %s)</source>
        <translation>第 %s 步走到 %s（度数 %s）</translation>
    </message>
</context>
<context>
    <name>PlayMode</name>
    <message>
        <source>Your path is back as you left it (←: take moves back).</source>
        <translation>你的路线已按离开时的样子恢复（←：悔一步）。</translation>
    </message>
    <message>
        <source>No tour starts here: %s. Try it anyway, or take back and choose another start.</source>
        <translation>从这里出发没有巡游路线：%s。可以照样试试，或者悔棋换一个起点。</translation>
    </message>
    <message>
        <source>%s is already on your path: every square is visited once.</source>
        <translation>%s 已在你的路径上：每个格子只能走一次。</translation>
    </message>
    <message>
        <source>%s is not a knight&apos;s move from %s: choose an outlined square.</source>
        <translation>%s 与 %s 不相差一步马步：请选一个带框的格子。</translation>
    </message>
    <message>
        <source>Your tour is complete: take moves back to change it.</source>
        <translation>你的巡游已经完成：要改动就先悔棋。</translation>
    </message>
    <message>
        <source>No hint: no tour starts here (%s).</source>
        <translation>没有提示：从这里出发没有巡游路线（%s）。</translation>
    </message>
    <message>
        <source>No hint: the knight is stuck.</source>
        <translation>没有提示：马已经走不下去了。</translation>
    </message>
    <message>
        <source>No hint: every move would cut off the way back to the start.</source>
        <translation>没有提示：每一步都会切断回到起点的路。</translation>
    </message>
    <message>
        <source>Hint: %s</source>
        <translation>提示：%s</translation>
    </message>
    <message>
        <source>Hint, by Warnsdorff&apos;s rule (not %s&apos;s): %s</source>
        <translation>提示（按 Warnsdorff 规则，而不是%s的规则）：%s</translation>
    </message>
    <message>
        <source>Looking for where it went wrong…</source>
        <translation>正在查找哪里走错了…</translation>
    </message>
    <message>
        <source>No tour starts on %s, so none goes on from any of your moves (%s).</source>
        <translation>从 %s 出发没有巡游路线，所以你的任何一步之后都不会有（%s）。</translation>
    </message>
    <message>
        <source>No tour can follow %s. Before that move the search found no tour within its budget.</source>
        <translation>%s，之后不可能再有巡游路线。在那一步之前，搜索在限定步数内也没有找到巡游路线。</translation>
    </message>
    <message>
        <source>The search found no tour after any of your moves within its budget.</source>
        <translation>在限定的步数内，搜索从你走的任何一步之后都没有找到巡游路线。</translation>
    </message>
    <message>
        <source>From your move %d on %s the search still finds a tour: keep going.</source>
        <translation>你的第 %d 步走到 %s，从那里搜索仍能找到巡游路线：继续走吧。</translation>
    </message>
    <message>
        <source>It went wrong with %s. From move %d on %s the search still finds a tour.</source>
        <translation>问题出在%s。从第 %d 步（%s）起，搜索仍能找到巡游路线。</translation>
    </message>
    <message>
        <source>It went wrong after move %d on %s: the search still finds a tour from there, but after your move to %s no tour exists: the search tried every way on.</source>
        <translation>问题出在第 %d 步（%s）之后：从那里搜索仍能找到巡游路线，但你走到 %s 之后就不存在巡游路线了：搜索已试遍后面所有走法。</translation>
    </message>
    <message>
        <source>From your move %d on %s the search still finds a tour; after your move to %s it found none within its budget, so it cannot say whether one exists.</source>
        <translation>从你的第 %d 步（%s）起，搜索仍能找到巡游路线；你走到 %s 之后，搜索在限定步数内没有找到，因此无法断定是否还有巡游路线。</translation>
    </message>
    <message>
        <source>%s No tour can follow %s.</source>
        <translation>%s%s，之后不可能再有巡游路线。</translation>
    </message>
    <message>
        <source>your move %d to %s: it cut off %s, whose knight&apos;s moves all lead to squares already visited</source>
        <translation>你的第 %d 步走到 %s：它把 %s 隔断了：从那里出发的每一步马步都落在已走过的格子上</translation>
    </message>
    <message>
        <source>your move %d to %s: %s and %s each have one way left in or out, and only one of them can be the tour&apos;s last square</source>
        <translation>你的第 %d 步走到 %s：%s 和 %s 都只剩一条进出的路，而巡游只能有一个终点</translation>
    </message>
    <message>
        <source>The search takes over from your move %d: press Space to play, → to step.</source>
        <translation>搜索从你的第 %d 步接手：按空格播放，按 → 单步。</translation>
    </message>
    <message>
        <source>No tour can follow %s. The search takes over from your move %d: it tries every way on before it goes back, which can take very long.</source>
        <translation>%s，之后不可能再有巡游路线。搜索从你的第 %d 步接手：它要先试遍后面所有走法才会回退，可能要很久。</translation>
    </message>
    <message>
        <source>The program searches from your start square…</source>
        <translation>程序正在从你的起点搜索…</translation>
    </message>
    <message>
        <source>Your Tour and the Program&apos;s</source>
        <translation>你的路线与程序的路线</translation>
    </message>
    <message>
        <source>Your tour: %s squares in %s moves, %s taken back (the search&apos;s pops), %s hints.</source>
        <translation>你的路线：%s 格，共走 %s 步，悔棋 %s 步（相当于搜索的出栈），用了 %s 次提示。</translation>
    </message>
    <message>
        <source>The program&apos;s tour by %s from %s: %s pushes, %s pops.</source>
        <translation>程序用 %s 从 %s 出发的路线：入栈 %s 次，出栈 %s 次。</translation>
    </message>
    <message>
        <source>The two tours are the same.</source>
        <translation>两条路线完全相同。</translation>
    </message>
    <message>
        <source>The two tours part after their first square: yours goes to %s where the program&apos;s goes to %s.</source>
        <translation>两条路线只有起点相同：随后你走向 %s，而程序走向 %s。</translation>
    </message>
    <message>
        <source>The two tours share their first %s squares; yours goes to %s where the program&apos;s goes to %s.</source>
        <translation>两条路线的前 %s 格相同；随后你走向 %s，而程序走向 %s。</translation>
    </message>
    <message>
        <source>The program&apos;s search by %s found no tour from %s within %s pushes.</source>
        <translation>程序用 %s 从 %s 出发搜索，在 %s 次入栈内没有找到巡游路线。</translation>
    </message>
    <message>
        <source>Save Your Tour</source>
        <translation>保存你的路线</translation>
    </message>
    <message>
        <source>Knight&apos;s Tour files (*.json)</source>
        <translation>马踏棋盘文件 (*.json)</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>Export Your Tour</source>
        <translation>导出你的路线</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>My closed knight&apos;s tour</source>
        <translation>我的闭合马踏棋盘路线</translation>
    </message>
    <message>
        <source>My knight&apos;s tour</source>
        <translation>我的马踏棋盘路线</translation>
    </message>
    <message>
        <source>My knight&apos;s path, %d of %d squares</source>
        <translation>我的马步路径，%d / %d 格</translation>
    </message>
    <message>
        <source>%s of %s from %s</source>
        <translation>%s：%s 棋盘，从 %s 出发</translation>
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
    <name>Practice</name>
    <message>
        <source>%s %s</source>
        <translation>%s%s</translation>
    </message>
    <message>
        <source>Moved on without a guess (not scored).</source>
        <translation>没有猜测就走了下一步（不计分）。</translation>
    </message>
</context>
<context>
    <name>PracticePanel</name>
    <message>
        <source>Predict a backtrack (Backspace)</source>
        <translation>预测回溯（退格键）</translation>
    </message>
    <message>
        <source>Hint: the rule</source>
        <translation>提示：规则</translation>
    </message>
    <message>
        <source>Practice panel</source>
        <translation>练习面板</translation>
    </message>
</context>
<context>
    <name>Presentation</name>
    <message>
        <source>Presentation mode has no room for a larger text on this screen: %d%% is the largest</source>
        <translation>演示模式在这个屏幕上放不下更大的文字：%d%% 已是最大</translation>
    </message>
    <message>
        <source>At %d%% the window needs more room than this screen has: Presentation Mode (F5) shows the board, the stack and the pseudocode large on it.</source>
        <translation>文字为 %d%% 时，窗口需要的空间超过了这个屏幕：演示模式（F5）会在这个屏幕上把棋盘、栈和伪代码放大显示。</translation>
    </message>
</context>
<context>
    <name>PseudocodePanel</name>
    <message>
        <source>Line %d made the last event: %s</source>
        <translation>第 %d 行产生了最近的事件：%s</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QFileSystemModel</name>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
</context>
<context>
    <name>Sessions</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Bring back the search that was replaced, history and all</source>
        <translation>恢复被替换掉的搜索，连同全部历史记录</translation>
    </message>
    <message>
        <source>%s: empty %s board</source>
        <translation>%s：空的 %s 棋盘</translation>
    </message>
    <message>
        <source>%s: %s from %s, event %s</source>
        <translation>%s：%s，从 %s 出发，第 %s 个事件</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Go forward again to the search undone</source>
        <translation>再次回到被撤销的搜索</translation>
    </message>
</context>
<context>
    <name>SettingsKeeper</name>
    <message>
        <source>Restore &amp;Defaults</source>
        <translation>恢复默认设置(&amp;D)</translation>
    </message>
    <message>
        <source>Forget the remembered settings: board, algorithm, speed, language, window layout</source>
        <translation>清除记住的设置：棋盘、算法、速度、语言、窗口布局</translation>
    </message>
    <message>
        <source>Settings restored to their defaults</source>
        <translation>设置已恢复为默认值</translation>
    </message>
</context>
<context>
    <name>StackModel</name>
    <message>
        <source>never: greedy does not backtrack</source>
        <translation>从不：贪心算法不回溯</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>StackPanel</name>
    <message>
        <source>popped</source>
        <translation>已出栈</translation>
    </message>
</context>
<context>
    <name>StartsModel</name>
    <message>
        <source>Start</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Pushes</source>
        <translation>入栈</translation>
    </message>
    <message>
        <source>Pops</source>
        <translation>出栈</translation>
    </message>
    <message>
        <source>Dead ends</source>
        <translation>死路</translation>
    </message>
    <message>
        <source>Max depth</source>
        <translation>最大深度</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>The start square</source>
        <translation>起点格</translation>
    </message>
    <message>
        <source>What the search came to</source>
        <translation>搜索的结果</translation>
    </message>
    <message>
        <source>Moves made (pushes on the stack)</source>
        <translation>走过的步数（入栈次数）</translation>
    </message>
    <message>
        <source>Backtracks (pops off the stack)</source>
        <translation>回溯次数（出栈次数）</translation>
    </message>
    <message>
        <source>Squares with no way on</source>
        <translation>无路可走的格子</translation>
    </message>
    <message>
        <source>The longest path reached</source>
        <translation>达到的最长路线</translation>
    </message>
    <message>
        <source>Milliseconds of search</source>
        <translation>搜索用时（毫秒）</translation>
    </message>
</context>
<context>
    <name>StudentRun</name>
    <message>
        <source>Open &amp;Solver…</source>
        <translation>打开求解程序(&amp;S)…</translation>
    </message>
    <message>
        <source>Run your own solver (a Python file with solve(rows, cols, start)) from the knight&apos;s square and watch its pushes and pops, checked</source>
        <translation>从马所在的格子运行你自己的求解程序（定义了 solve(rows, cols, start) 的 Python 文件），观看它经过检查的入栈和出栈</translation>
    </message>
    <message>
        <source>&amp;Run %s Again</source>
        <translation>再次运行 %s(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run Solver Again</source>
        <translation>再次运行求解程序(&amp;R)</translation>
    </message>
    <message>
        <source>Run the solver opened last again, as its file is now, from the knight&apos;s square</source>
        <translation>从马所在的格子再次运行上次打开的求解程序，按文件现在的内容</translation>
    </message>
    <message>
        <source>Open Solver</source>
        <translation>打开求解程序</translation>
    </message>
    <message>
        <source>Python files (*.py);;All files (*)</source>
        <translation>Python 文件 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Not a solver</source>
        <translation>不是求解程序</translation>
    </message>
    <message>
        <source>Running %s from %s</source>
        <translation>正在运行 %s（从 %s 出发）</translation>
    </message>
    <message>
        <source>Waiting for the next event of %s: %s s of its %s s used</source>
        <translation>正在等待 %s 的下一个事件：已用 %s 秒，限时 %s 秒</translation>
    </message>
    <message>
        <source>Your solver failed</source>
        <translation>你的求解程序出错了</translation>
    </message>
    <message>
        <source>Your solver&apos;s event is illegal at %s, marked in red: %s. Step back (←) to see how it got there.</source>
        <translation>你的求解程序的事件在 %s 不合法（已用红色标出）：%s。后退（←）看看它是怎么走到这里的。</translation>
    </message>
    <message>
        <source>Your solver&apos;s event is illegal: %s. Step back (←) to see how it got there.</source>
        <translation>你的求解程序的事件不合法：%s。后退（←）看看它是怎么走到这里的。</translation>
    </message>
    <message>
        <source>Your solver failed: %s</source>
        <translation>你的求解程序出错了：%s</translation>
    </message>
    <message>
        <source>Your solver was stopped at its limit: %s</source>
        <translation>你的求解程序达到限制被停止：%s</translation>
    </message>
    <message>
        <source>Your solver ended: %s</source>
        <translation>你的求解程序结束了：%s</translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message>
        <source>Backtrack: %s</source>
        <translation>回溯：%s</translation>
    </message>
    <message>
        <source>Go to move</source>
        <translation>转到第几步</translation>
    </message>
    <message>
        <source>Move number (1–%d):</source>
        <translation>步数（1–%d）：</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>Event %s of %s</source>
        <translation>第 %s 个事件，共 %s 个</translation>
    </message>
    <message>
        <source>No events yet</source>
        <translation>还没有事件</translation>
    </message>
    <message>
        <source>Every event can be stepped to; the oldest %s are kept compressed in a temporary file, so the window&apos;s memory stays bounded</source>
        <translation>每个事件都仍可逐步查看；最早的 %s 个事件压缩保存在临时文件中，因此窗口占用的内存有上限</translation>
    </message>
</context>
<context>
    <name>TourFiles</name>
    <message>
        <source>Save Tour</source>
        <translation>保存巡游</translation>
    </message>
    <message>
        <source>Knight&apos;s Tour files (*.json)</source>
        <translation>马踏棋盘文件 (*.json)</translation>
    </message>
    <message>
        <source>The search has %s events, too many for the trace (at most %s): the tour is saved without it.</source>
        <translation>搜索有 %s 个事件，超出事件轨迹的上限（最多 %s 个）：巡游将不带轨迹保存。</translation>
    </message>
    <message>
        <source>Saving %s…</source>
        <translation>正在保存 %s…</translation>
    </message>
    <message>
        <source>Saved %s</source>
        <translation>已保存 %s</translation>
    </message>
    <message>
        <source>Open Tour</source>
        <translation>打开巡游</translation>
    </message>
    <message>
        <source>Knight&apos;s Tour files (*.json);;All files (*)</source>
        <translation>马踏棋盘文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Opening %s…</source>
        <translation>正在打开 %s…</translation>
    </message>
    <message>
        <source>Cannot read %s: %s</source>
        <translation>无法读取 %s：%s</translation>
    </message>
    <message>
        <source>%s is too large to be a tour file (more than %d MB).</source>
        <translation>%s 太大，不是巡游文件（超过 %d MB）。</translation>
    </message>
    <message>
        <source>%s is not a tour file: it is not valid JSON (%s).</source>
        <translation>%s 不是巡游文件：不是有效的 JSON（%s）。</translation>
    </message>
    <message>
        <source>%s is not a Knight&apos;s Tour file.</source>
        <translation>%s 不是马踏棋盘文件。</translation>
    </message>
    <message>
        <source>%s was saved in format version %s; this program reads version %d.</source>
        <translation>%s 的格式版本是 %s；本程序只能读取版本 %d。</translation>
    </message>
    <message>
        <source>The board in %s is %d×%d, larger than the window shows (at most %d×%d). The command line prints it: knight-tour show FILE</source>
        <translation>%s 中的棋盘是 %d×%d，超出窗口能显示的大小（最大 %d×%d）。可以用命令行打印：knight-tour show FILE</translation>
    </message>
    <message>
        <source>%s does not hold a valid tour: %s</source>
        <translation>%s 中不是有效的巡游：%s</translation>
    </message>
    <message>
        <source>The event trace in %s does not fit its tour: %s</source>
        <translation>%s 中的事件轨迹与巡游不符：%s</translation>
    </message>
    <message>
        <source>The board in %s is %s×%s, larger than the window shows (at most %d×%d) and than any this program reads (%d×%d).</source>
        <translation>%s 中的棋盘为 %s×%s，超过窗口能显示的大小（最大 %d×%d），也超过本程序能读取的任何棋盘（%d×%d）。</translation>
    </message>
    <message>
        <source>Replaying… %d%%</source>
        <translation>正在重放… %d%%</translation>
    </message>
    <message>
        <source>Opened %s: the saved search, reproduced (%s events). ← and Home go back through it.</source>
        <translation>已打开 %s：重现了保存的搜索（%s 个事件）。按 ← 和 Home 可以往回看。</translation>
    </message>
    <message>
        <source>Opened %s: a replay of the moves saved in the file (this program&apos;s search finds another way).</source>
        <translation>已打开 %s：重放文件中保存的走法（本程序的搜索会走出另一条路线）。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Knight&apos;s Tour</source>
        <translation>马踏棋盘</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Cannot open the tour</source>
        <translation>无法打开巡游</translation>
    </message>
    <message>
        <source>Cannot save the tour</source>
        <translation>无法保存巡游</translation>
    </message>
</context>
</TS>
