; Inno Setup script of YAGS Desk for Windows: installs the one-folder bundle built by
; packaging/yags_desk.spec, with a Start menu entry and .yags files opening in the app.
; Built by .github/workflows/installers.yml on a Windows runner, from the repository root:
;   iscc /DAppVersion=X.Y.Z packaging\windows\yags-desk.iss
; (the version is yags_desk.__version__; the bundle is build\dist\yags-desk).
#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=X.Y.Z (the workflow reads yags_desk.__version__)
#endif
#ifndef BundleDir
  #define BundleDir "..\..\build\dist\yags-desk"
#endif
#define AppName "YAGS Desk"
; The windowed twin of yags-desk.exe: no console window for the Start menu and files.
#define GuiExe "yags-desk-gui.exe"

[Setup]
AppId={{5E0C4B7A-3F4D-4C1E-9B6A-7D2F1E8A9C31}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=YAGS Desk developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Installs for the current user without administrator rights, or for everyone if chosen.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
LicenseFile=..\licenses\GPL-2.0.txt
OutputDir=..\..\build\out
OutputBaseFilename=yags-desk-{#AppVersion}-windows-x64-setup
UninstallDisplayIcon={app}\{#GuiExe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#GuiExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#GuiExe}"; Tasks: desktopicon

[Registry]
; .yags files ("YAGS Desk file", MIME application/x-yags-desk) open in the window.
Root: HKA; Subkey: "Software\Classes\.yags"; ValueType: string; ValueName: ""; ValueData: "YAGSDesk.File"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.yags"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-yags-desk"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.yags\OpenWithProgids"; ValueType: string; ValueName: "YAGSDesk.File"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\YAGSDesk.File"; ValueType: string; ValueName: ""; ValueData: "YAGS Desk file"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\YAGSDesk.File\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#GuiExe},0"
Root: HKA; Subkey: "Software\Classes\YAGSDesk.File\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\yags-desk-gui.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#GuiExe}\SupportedTypes"; ValueType: string; ValueName: ".yags"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#GuiExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
