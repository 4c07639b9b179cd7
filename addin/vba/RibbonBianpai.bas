Attribute VB_Name = "RibbonBianpai"
' Ribbon callbacks of the Bianpai (bianpai.xlam) add-in: one procedure per
' button of ribbon/customUI.xml. Each runs one organiser job on the active
' workbook through xlwings' RunPython (module xlwings in this project), which
' calls bianpai.addin.xl.run_from_excel; that function reads the sheets,
' runs the job and writes the result, or shows one message box listing every
' problem and writes nothing.
Option Explicit

Private Sub RunBianpaiJob(job As String)
    RunPython "import bianpai.addin.xl as bianpai_xl; bianpai_xl.run_from_excel('" & job & "')"
End Sub

Sub BianpaiNewEvent(control As IRibbonControl)
    RunBianpaiJob "new_event"
End Sub

Sub BianpaiDrawNumbers(control As IRibbonControl)
    RunBianpaiJob "draw"
End Sub

Sub BianpaiCheck(control As IRibbonControl)
    RunBianpaiJob "check"
End Sub

Sub BianpaiNextStep(control As IRibbonControl)
    RunBianpaiJob "next_step"
End Sub

Sub BianpaiPairNext(control As IRibbonControl)
    RunBianpaiJob "pair"
End Sub

Sub BianpaiPairProvisional(control As IRibbonControl)
    RunBianpaiJob "pair_provisional"
End Sub

Sub BianpaiUndoLastRound(control As IRibbonControl)
    RunBianpaiJob "undo"
End Sub

Sub BianpaiUpdateStandings(control As IRibbonControl)
    RunBianpaiJob "standings"
End Sub

Sub BianpaiExportTrf(control As IRibbonControl)
    RunBianpaiJob "export_trf"
End Sub
