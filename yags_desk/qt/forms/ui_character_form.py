# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'character_form.ui'
##
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QComboBox, QFormLayout,
    QGroupBox, QHBoxLayout, QHeaderView, QLabel,
    QLineEdit, QListView, QPlainTextEdit, QSizePolicy,
    QSpacerItem, QSplitter, QTableView, QToolButton,
    QVBoxLayout, QWidget)

class Ui_CharacterForm(object):
    def setupUi(self, CharacterForm) -> None:
        if not CharacterForm.objectName():
            CharacterForm.setObjectName(u"CharacterForm")
        self.layout = QVBoxLayout(CharacterForm)
        self.layout.setObjectName(u"layout")
        self.layout.setContentsMargins(0, 0, 0, 0)
        self.top = QHBoxLayout()
        self.top.setObjectName(u"top")
        self.edition_label = QLabel(CharacterForm)
        self.edition_label.setObjectName(u"edition_label")

        self.top.addWidget(self.edition_label)

        self.duplicate_button = QToolButton(CharacterForm)
        self.duplicate_button.setObjectName(u"duplicate_button")
        self.duplicate_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.top.addWidget(self.duplicate_button)

        self.template_button = QToolButton(CharacterForm)
        self.template_button.setObjectName(u"template_button")
        self.template_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.top.addWidget(self.template_button)

        self.top.setStretch(0, 1)

        self.layout.addLayout(self.top)

        self.splitter = QSplitter(CharacterForm)
        self.splitter.setObjectName(u"splitter")
        self.splitter.setOrientation(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.sheet = QWidget(self.splitter)
        self.sheet.setObjectName(u"sheet")
        self.sheet_layout = QVBoxLayout(self.sheet)
        self.sheet_layout.setObjectName(u"sheet_layout")
        self.identity_box = QGroupBox(self.sheet)
        self.identity_box.setObjectName(u"identity_box")
        self.identity_form = QFormLayout(self.identity_box)
        self.identity_form.setObjectName(u"identity_form")
        self.name_label = QLabel(self.identity_box)
        self.name_label.setObjectName(u"name_label")

        self.identity_form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.name_label)

        self.name_holder = QWidget(self.identity_box)
        self.name_holder.setObjectName(u"name_holder")
        self.name_box = QVBoxLayout(self.name_holder)
        self.name_box.setSpacing(2)
        self.name_box.setObjectName(u"name_box")
        self.name_box.setContentsMargins(0, 0, 0, 0)
        self.name_edit = QLineEdit(self.name_holder)
        self.name_edit.setObjectName(u"name_edit")

        self.name_box.addWidget(self.name_edit)


        self.identity_form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.name_holder)

        self.player_label = QLabel(self.identity_box)
        self.player_label.setObjectName(u"player_label")

        self.identity_form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.player_label)

        self.player_holder = QWidget(self.identity_box)
        self.player_holder.setObjectName(u"player_holder")
        self.player_box = QVBoxLayout(self.player_holder)
        self.player_box.setSpacing(2)
        self.player_box.setObjectName(u"player_box")
        self.player_box.setContentsMargins(0, 0, 0, 0)
        self.player_edit = QLineEdit(self.player_holder)
        self.player_edit.setObjectName(u"player_edit")

        self.player_box.addWidget(self.player_edit)


        self.identity_form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.player_holder)

        self.kind_label = QLabel(self.identity_box)
        self.kind_label.setObjectName(u"kind_label")

        self.identity_form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.kind_label)

        self.kind_row = QHBoxLayout()
        self.kind_row.setObjectName(u"kind_row")
        self.kind_combo = QComboBox(self.identity_box)
        self.kind_combo.setObjectName(u"kind_combo")

        self.kind_row.addWidget(self.kind_combo)

        self.kind_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.kind_row.addItem(self.kind_spacer)

        self.kind_row.setStretch(1, 1)

        self.identity_form.setLayout(2, QFormLayout.ItemRole.FieldRole, self.kind_row)


        self.sheet_layout.addWidget(self.identity_box)

        self.attributes_box = QGroupBox(self.sheet)
        self.attributes_box.setObjectName(u"attributes_box")
        self.attributes_layout = QVBoxLayout(self.attributes_box)
        self.attributes_layout.setObjectName(u"attributes_layout")

        self.sheet_layout.addWidget(self.attributes_box)

        self.skills_row = QHBoxLayout()
        self.skills_row.setObjectName(u"skills_row")
        self.skills_box = QGroupBox(self.sheet)
        self.skills_box.setObjectName(u"skills_box")
        self.skills_layout = QVBoxLayout(self.skills_box)
        self.skills_layout.setObjectName(u"skills_layout")
        self.skills_table = QTableView(self.skills_box)
        self.skills_table.setObjectName(u"skills_table")

        self.skills_layout.addWidget(self.skills_table)

        self.skills_buttons = QHBoxLayout()
        self.skills_buttons.setObjectName(u"skills_buttons")
        self.add_skill_button = QToolButton(self.skills_box)
        self.add_skill_button.setObjectName(u"add_skill_button")
        self.add_skill_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.skills_buttons.addWidget(self.add_skill_button)

        self.remove_skills_button = QToolButton(self.skills_box)
        self.remove_skills_button.setObjectName(u"remove_skills_button")
        self.remove_skills_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.skills_buttons.addWidget(self.remove_skills_button)

        self.skills_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.skills_buttons.addItem(self.skills_spacer)


        self.skills_layout.addLayout(self.skills_buttons)

        self.skills_layout.setStretch(0, 1)

        self.skills_row.addWidget(self.skills_box)

        self.advantages_box = QGroupBox(self.sheet)
        self.advantages_box.setObjectName(u"advantages_box")
        self.advantages_layout = QVBoxLayout(self.advantages_box)
        self.advantages_layout.setObjectName(u"advantages_layout")
        self.advantages_list = QListView(self.advantages_box)
        self.advantages_list.setObjectName(u"advantages_list")
        self.advantages_list.setMinimumSize(QSize(0, 80))
        self.advantages_list.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked|QAbstractItemView.EditTrigger.EditKeyPressed)

        self.advantages_layout.addWidget(self.advantages_list)

        self.advantages_buttons = QHBoxLayout()
        self.advantages_buttons.setObjectName(u"advantages_buttons")
        self.add_advantage_button = QToolButton(self.advantages_box)
        self.add_advantage_button.setObjectName(u"add_advantage_button")
        self.add_advantage_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.advantages_buttons.addWidget(self.add_advantage_button)

        self.remove_advantages_button = QToolButton(self.advantages_box)
        self.remove_advantages_button.setObjectName(u"remove_advantages_button")
        self.remove_advantages_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.advantages_buttons.addWidget(self.remove_advantages_button)

        self.advantages_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.advantages_buttons.addItem(self.advantages_spacer)


        self.advantages_layout.addLayout(self.advantages_buttons)

        self.advantages_layout.setStretch(0, 1)

        self.skills_row.addWidget(self.advantages_box)

        self.skills_row.setStretch(0, 3)
        self.skills_row.setStretch(1, 2)

        self.sheet_layout.addLayout(self.skills_row)

        self.condition_box = QGroupBox(self.sheet)
        self.condition_box.setObjectName(u"condition_box")

        self.sheet_layout.addWidget(self.condition_box)

        self.notes_box = QGroupBox(self.sheet)
        self.notes_box.setObjectName(u"notes_box")
        self.notes_layout = QVBoxLayout(self.notes_box)
        self.notes_layout.setObjectName(u"notes_layout")
        self.notes_holder = QWidget(self.notes_box)
        self.notes_holder.setObjectName(u"notes_holder")
        self.notes_box_layout = QVBoxLayout(self.notes_holder)
        self.notes_box_layout.setSpacing(2)
        self.notes_box_layout.setObjectName(u"notes_box_layout")
        self.notes_box_layout.setContentsMargins(0, 0, 0, 0)
        self.notes_edit = QPlainTextEdit(self.notes_holder)
        self.notes_edit.setObjectName(u"notes_edit")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        sizePolicy.setHorizontalStretch(0)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.notes_edit.sizePolicy().hasHeightForWidth())
        self.notes_edit.setSizePolicy(sizePolicy)
        self.notes_edit.setMinimumSize(QSize(0, 90))
        self.notes_edit.setTabChangesFocus(True)

        self.notes_box_layout.addWidget(self.notes_edit)


        self.notes_layout.addWidget(self.notes_holder)


        self.sheet_layout.addWidget(self.notes_box)

        self.splitter.addWidget(self.sheet)

        self.layout.addWidget(self.splitter)

        self.layout.setStretch(1, 1)
#if QT_CONFIG(shortcut)
        self.name_label.setBuddy(self.name_edit)
        self.player_label.setBuddy(self.player_edit)
        self.kind_label.setBuddy(self.kind_combo)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(CharacterForm)
    # setupUi

    def retranslateUi(self, CharacterForm) -> None:
#if QT_CONFIG(tooltip)
        self.edition_label.setToolTip(QCoreApplication.translate("CharacterForm", u"A character keeps the edition it was made in", None))
#endif // QT_CONFIG(tooltip)
        self.edition_label.setText(QCoreApplication.translate("CharacterForm", u"Edition:", None))
#if QT_CONFIG(tooltip)
        self.duplicate_button.setToolTip(QCoreApplication.translate("CharacterForm", u"Open an unsaved copy of this character", None))
#endif // QT_CONFIG(tooltip)
        self.duplicate_button.setText(QCoreApplication.translate("CharacterForm", u"Duplicate", None))
#if QT_CONFIG(tooltip)
        self.template_button.setToolTip(QCoreApplication.translate("CharacterForm", u"Open an unsaved NPC template made from this character (no damage)", None))
#endif // QT_CONFIG(tooltip)
        self.template_button.setText(QCoreApplication.translate("CharacterForm", u"Make template", None))
        self.identity_box.setTitle(QCoreApplication.translate("CharacterForm", u"Character", None))
        self.name_label.setText(QCoreApplication.translate("CharacterForm", u"Name", None))
        self.player_label.setText(QCoreApplication.translate("CharacterForm", u"Player", None))
        self.player_edit.setPlaceholderText(QCoreApplication.translate("CharacterForm", u"(none: an NPC)", None))
        self.kind_label.setText(QCoreApplication.translate("CharacterForm", u"Kind", None))
        self.attributes_box.setTitle(QCoreApplication.translate("CharacterForm", u"Attributes", None))
        self.skills_box.setTitle(QCoreApplication.translate("CharacterForm", u"Skills", None))
#if QT_CONFIG(tooltip)
        self.add_skill_button.setToolTip(QCoreApplication.translate("CharacterForm", u"Add a skill", None))
#endif // QT_CONFIG(tooltip)
        self.add_skill_button.setText(QCoreApplication.translate("CharacterForm", u"Add", None))
#if QT_CONFIG(tooltip)
        self.remove_skills_button.setToolTip(QCoreApplication.translate("CharacterForm", u"Remove the selected skills", None))
#endif // QT_CONFIG(tooltip)
        self.remove_skills_button.setText(QCoreApplication.translate("CharacterForm", u"Remove", None))
        self.advantages_box.setTitle(QCoreApplication.translate("CharacterForm", u"Advantages", None))
#if QT_CONFIG(tooltip)
        self.add_advantage_button.setToolTip(QCoreApplication.translate("CharacterForm", u"Add an advantage (e.g. Berserker)", None))
#endif // QT_CONFIG(tooltip)
        self.add_advantage_button.setText(QCoreApplication.translate("CharacterForm", u"Add", None))
#if QT_CONFIG(tooltip)
        self.remove_advantages_button.setToolTip(QCoreApplication.translate("CharacterForm", u"Remove the selected advantages", None))
#endif // QT_CONFIG(tooltip)
        self.remove_advantages_button.setText(QCoreApplication.translate("CharacterForm", u"Remove", None))
        self.condition_box.setTitle(QCoreApplication.translate("CharacterForm", u"Condition", None))
        self.notes_box.setTitle(QCoreApplication.translate("CharacterForm", u"Notes", None))
        pass
    # retranslateUi

