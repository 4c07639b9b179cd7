Attribute VB_Name = "RibbonBianpai"
' Ribbon callbacks of the Bianpai (bianpai.xlam) add-in: one procedure per
' button of ribbon/customUI.xml. Each runs one organiser job on the active
' workbook through xlwings' RunPython (module xlwings in this project), which
' calls bianpai.addin.xl.run_from_excel; that function reads the sheets,
' runs the job and writes the result, or shows one message box listing every
' problem and writes nothing.
'
' Before Python is started, BianpaiReady checks what would otherwise end in
' xlwings' own English messages ("Could not find Interpreter!", a VBA error
' with no workbook open, cmd's "'python' is not recognized"): a workbook is
' open, and the add-in's config names a Python that exists. Its messages, and
' the one after a failed run, are Chinese and English and name the command
' that finds the cause: bianpai addin doctor.
Option Explicit

#If Not Mac Then
    ' VBA's MsgBox passes text through the system's ANSI code page: Chinese shows as "?"
    ' unless Windows' language for non-Unicode programs is Chinese. MessageBoxW does not.
    #If VBA7 Then
        Private Declare PtrSafe Function MessageBoxW Lib "user32" (ByVal hWnd As LongPtr, _
            ByVal lpText As LongPtr, ByVal lpCaption As LongPtr, ByVal uType As Long) As Long
    #Else
        Private Declare Function MessageBoxW Lib "user32" (ByVal hWnd As Long, _
            ByVal lpText As Long, ByVal lpCaption As Long, ByVal uType As Long) As Long
    #End If
#End If

Private Sub Say(text As String, style As Long)
    ' A message box in Chinese and English whatever the system's language (vbExclamation
    ' and vbInformation are MessageBoxW's MB_ICONEXCLAMATION and MB_ICONINFORMATION).
    #If Mac Then
        MsgBox text, style, BianpaiWords("title")
    #Else
        MessageBoxW Application.Hwnd, StrPtr(text), StrPtr(BianpaiWords("title")), style
    #End If
End Sub

Private Sub RunBianpaiJob(job As String)
    If Not BianpaiReady() Then Exit Sub
    If RunPython("import bianpai.addin.xl as bianpai_xl; bianpai_xl.run_from_excel('" & job & "')") = -1 Then
        Say BianpaiWords("failed"), vbExclamation
    End If
End Sub

Private Function BianpaiReady() As Boolean
    ' The interpreter is looked up as xlwings' RunPython does (GetConfig: the
    ' workbook's bianpai.conf sheet, the add-in's own, then the config files).
    Dim interpreter As String
    If ActiveWorkbook Is Nothing Then
        Say BianpaiWords("no_workbook"), vbInformation
        Exit Function
    End If
    #If Mac Then
        interpreter = GetConfig("INTERPRETER_MAC", "")
    #Else
        interpreter = GetConfig("INTERPRETER_WIN", "")
        If interpreter = "" And GetConfig("CONDA PATH", "") <> "" Then
            BianpaiReady = True  ' conda: xlwings activates the environment and runs its python
            Exit Function
        End If
    #End If
    If interpreter = "" Then interpreter = GetConfig("INTERPRETER", "")
    If interpreter = "" Then
        Say BianpaiWords("no_python"), vbExclamation
        Exit Function
    End If
    #If Not Mac Then
        If interpreter <> "python" And interpreter <> "pythonw" Then
            If Not FileExists(interpreter) Then
                Say Replace(BianpaiWords("python_missing"), "{python}", interpreter), vbExclamation
                Exit Function
            End If
        End If
    #End If
    BianpaiReady = True
End Function

Private Function U(codes As String) As String
    ' The characters whose hexadecimal codes are given, separated by spaces.
    Dim code As Variant
    For Each code In Split(codes, " ")
        U = U & ChrW(CLng("&H" & code))
    Next code
End Function

' <generated: BianpaiWords>

Sub BianpaiNewEvent(control As IRibbonControl)
    RunBianpaiJob "new_event"
End Sub

Sub BianpaiDrawNumbers(control As IRibbonControl)
    RunBianpaiJob "draw"
End Sub

Sub BianpaiCheck(control As IRibbonControl)
    RunBianpaiJob "check"
End Sub

Sub BianpaiSelfTest(control As IRibbonControl)
    ' A new, empty workbook for the self-test, which never writes into an event workbook.
    Workbooks.Add
    RunBianpaiJob "self_test"
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

Sub BianpaiPairingCards(control As IRibbonControl)
    RunBianpaiJob "cards"
End Sub

Sub BianpaiScoreSlips(control As IRibbonControl)
    RunBianpaiJob "slips"
End Sub

Sub BianpaiShare(control As IRibbonControl)
    RunBianpaiJob "share"
End Sub

Sub BianpaiImportPlayers(control As IRibbonControl)
    RunBianpaiJob "import_players"
End Sub
